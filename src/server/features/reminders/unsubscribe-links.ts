import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { serverKey } from '../submissions/submissions.service.ts';

/*
 * The link in each reminder that stops reminders to its address: the address and an HMAC of it
 * with a key the server keeps, so nobody can stop another's reminders by guessing. It does not
 * expire: a reminder read months later must still let its reader out.
 */

export const UNSUBSCRIBE_PATH = '/reminders/unsubscribe';
const KEY_NAME = 'reminder-unsubscribe';

async function macOf(deps: Pick<Deps, 'db' | 'clock'>, address: string): Promise<string> {
  const key = await serverKey(deps.db, KEY_NAME, deps.clock.now());
  return createHmac('sha256', key)
    .update(`unsubscribe:${address.toLowerCase()}`)
    .digest('base64url');
}

/** The one-click link for `address`, as a reminder and its List-Unsubscribe header carry it. */
export async function unsubscribeLinkOf(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  address: string,
): Promise<string> {
  const query = new URLSearchParams({ address, token: await macOf(deps, address) });
  return `${deps.config.publicUrl}${UNSUBSCRIBE_PATH}?${query.toString()}`;
}

/** Whether `token` is the link's own for `address` (compared as text, in constant time). */
export async function isUnsubscribeToken(
  deps: Pick<Deps, 'db' | 'clock'>,
  address: string,
  token: string,
): Promise<boolean> {
  const expected = Buffer.from(await macOf(deps, address));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The headers that let a mail reader offer its own one-click "unsubscribe" (RFC 8058). */
export function unsubscribeHeaders(link: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${link}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
