import { paths } from '../../../config/paths.ts';

/* The review's calls (issue 14). */

export const SUBMISSIONS_PATH = '/api/admin/submissions';
export const BULK_STATUS_PATH = '/api/admin/submissions/status';
/** The photo (`photo`) or an image field's file, named after the entry, to save. */
export const downloadPath = (id: string, file: string) =>
  `/api/admin/submissions/${encodeURIComponent(id)}/download/${encodeURIComponent(file)}`;

export const statusPath = (id: string) => `/api/admin/submissions/${encodeURIComponent(id)}/status`;

/** Seed §8: a decision that failed, on the review and the entry page alike. */
export const UPDATE_FAILED = 'Failed to update submission status';

/** The toast of a decision: 'Submission approved', '3 submissions rejected'. */
export function decidedMessage(changed: number, status: 'approved' | 'rejected'): string {
  return changed === 1 ? `Submission ${status}` : `${changed} submissions ${status}`;
}

/** One submission as a row of the review shows it (the entry page's photo and artworks). */
export const reviewItemPath = (id: string) =>
  `/api/admin/submissions/${encodeURIComponent(id)}/review`;

/** The review showing the likely duplicates of an entry's group: its competition and e-mail. */
export function duplicatesViewOf(competitionId: string, email: string): string {
  const query = new URLSearchParams({
    competition: competitionId,
    q: email.trim(),
    duplicates: 'only',
  });
  return `${paths.adminSubmissions}?${query.toString()}`;
}

/**
 * Where an entry page's Back goes: the review view it was opened from, given in its `from`
 * parameter, when that is one (a path of the admin's review, nothing else: no other site, no other
 * page); else undefined.
 */
export function reviewViewFrom(from: string | null): string | undefined {
  if (!from?.startsWith(paths.adminSubmissions)) return undefined;
  const base = 'https://white-stroke.invalid';
  if (!URL.canParse(from, base)) return undefined;
  const url = new URL(from, base);
  if (url.origin !== base || url.pathname !== paths.adminSubmissions) return undefined;
  return `${url.pathname}${url.search}`;
}

/** What the address holds of a view: its filters, its order, and the page's cursor. */
const FILTERS = ['q', 'status', 'payment', 'competition', 'duplicates'] as const;
const VIEW = [...FILTERS, 'sort'] as const;
const PAGE = [...VIEW, 'cursor'] as const;

/** `path` with the address's values of `keys` (those set) as its query. */
function withQuery(path: string, params: URLSearchParams, keys: readonly string[]): string {
  const query = new URLSearchParams();
  for (const key of keys) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The current view as CSV: the list's filters and order, every row. */
export const exportPath = (params: URLSearchParams) =>
  withQuery(`${SUBMISSIONS_PATH}/export.csv`, params, VIEW);

/** The counts of the view: its filters only, so paging or reordering never asks again. */
export const countsPath = (params: URLSearchParams) =>
  withQuery(`${SUBMISSIONS_PATH}/counts`, params, FILTERS);

/** One page of the view. */
export const listPath = (params: URLSearchParams) => withQuery(SUBMISSIONS_PATH, params, PAGE);
