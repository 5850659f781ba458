import { publicApiPaths } from '../../../shared/api-paths.ts';
import type { EntryView, LinkRequest } from '../../../shared/schemas/entry.ts';
import { apiFetch } from '../../lib/api-client.ts';

/* The artist's entry page calls: the token and the address go in request bodies. */

export const viewEntry = (entryToken: string) =>
  apiFetch<EntryView>(publicApiPaths.entryView, {
    method: 'POST',
    body: JSON.stringify({ entryToken }),
  });

/** "Start a different entry": the unpaid entry the token opens is withdrawn. */
export const withdrawEntry = (entryToken: string) =>
  apiFetch<EntryView>(publicApiPaths.entryWithdraw, {
    method: 'POST',
    body: JSON.stringify({ entryToken }),
  });

export const requestEntryLink = (request: LinkRequest) =>
  apiFetch<{ message: string }>(publicApiPaths.entryLinkRequests, {
    method: 'POST',
    body: JSON.stringify(request),
  });

/** The token of the page's address: everything after '#'. */
export function tokenOf(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}
