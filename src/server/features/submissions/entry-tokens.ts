import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { entryLinkOf } from '../../../shared/domain/entry-link.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { serverKey } from './server-keys.repository.ts';

/*
 * The artist's key to their own entry, without an account: `<submission id>.<expiry>.<MAC>`,
 * the MAC an HMAC-SHA256 of the first two parts with a key the server keeps in the database. It
 * opens the entry page and the checkout of that one entry until it expires; an altered, expired
 * or foreign token opens nothing.
 */

/** How long a link from an e-mail works: long enough to pay late or to read a decision. */
export const ENTRY_TOKEN_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000;

const KEY_NAME = 'entry-token';
const TOKEN = /^([0-9a-f-]{36})\.(\d{10,13})\.([A-Za-z0-9_-]{43})$/;

export interface EntryTokens {
  issue(submissionId: string, now?: Date): Promise<string>;
  /** The submission id the token opens, or undefined when it is altered, expired or malformed. */
  verify(token: unknown, now?: Date): Promise<string | undefined>;
}

export function createEntryTokens(db: Kysely<DB>, clock: Clock): EntryTokens {
  let key: Promise<Buffer> | undefined;
  const getKey = () => {
    key ??= serverKey(db, KEY_NAME, clock.now()).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  const mac = async (payload: string) =>
    createHmac('sha256', await getKey())
      .update(payload)
      .digest('base64url');

  return {
    async issue(submissionId, now = clock.now()) {
      const expires = Math.floor((now.getTime() + ENTRY_TOKEN_LIFETIME_MS) / 1000);
      const payload = `${submissionId}.${expires}`;
      return `${payload}.${await mac(payload)}`;
    },
    async verify(token, now = clock.now()) {
      if (typeof token !== 'string') return undefined;
      const parts = TOKEN.exec(token);
      if (!parts) return undefined;
      const [, submissionId, expires, given] = parts as unknown as [string, string, string, string];
      // Compared as text, not as decoded bytes: the last of 43 base64url characters carries two
      // unused bits, so four spellings decode alike, and an altered token must open nothing.
      const expected = Buffer.from(await mac(`${submissionId}.${expires}`));
      const received = Buffer.from(given);
      if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
        return undefined;
      }
      return Number(expires) * 1000 > now.getTime() ? submissionId : undefined;
    },
  };
}

/** The address of the entry's page that an e-mail carries, with a token signed now. */
export async function issueEntryLink(
  deps: Pick<Deps, 'config' | 'entryTokens'>,
  submissionId: string,
): Promise<string> {
  const token = await deps.entryTokens.issue(submissionId);
  return entryLinkOf(deps.config.publicUrl, token);
}
