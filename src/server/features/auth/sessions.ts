import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import {
  deleteSessionById,
  findSessionWithUser,
  insertSession,
  touchSession,
} from './sessions.repository.ts';

/** PRODUCT.md point 2 and issue 4: idle timeout 2 h, absolute lifetime 12 h. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The database keeps only a hash of each session token, so a copy of the database (a backup, a
 * leaked dump) signs nobody in.
 */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface SessionUser {
  sessionId: string;
  adminUserId: string;
  username: string;
}

export async function createSession(
  db: Kysely<DB>,
  adminUserId: string,
  userAgent: string | undefined,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await insertSession(db, {
    id: hashSessionToken(token),
    admin_user_id: adminUserId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
    user_agent: userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** The signed-in admin of a token, or undefined for a malformed, unknown, idle or expired one. */
export async function findSessionUser(
  db: Kysely<DB>,
  token: string | undefined,
  now = new Date(),
): Promise<SessionUser | undefined> {
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  const id = hashSessionToken(token);
  const row = await findSessionWithUser(db, id);
  if (!row) return undefined;
  const idleSince = now.getTime() - Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now.getTime() || idleSince >= SESSION_IDLE_MS) {
    await deleteSessionById(db, id);
    return undefined;
  }
  if (idleSince >= TOUCH_EVERY_MS) await touchSession(db, id, now.toISOString());
  return { sessionId: id, adminUserId: row.admin_user_id, username: row.username };
}

export async function endSession(db: Kysely<DB>, token: string | undefined): Promise<void> {
  if (token && TOKEN_PATTERN.test(token)) await deleteSessionById(db, hashSessionToken(token));
}
