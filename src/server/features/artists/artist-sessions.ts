import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import {
  deleteArtistSession,
  deleteStaleArtistSessions,
  findArtistSessionRow,
  insertArtistSession,
  touchArtistSession,
} from './artists.repository.ts';

/*
 * An artist's session, built as the admins' (auth/sessions.ts) but apart from them: its own table,
 * cookie and scope, so no admin or juror session is ever one, nor the reverse. The timeouts are
 * fixed here, not the admins' security settings: those are tuned for the admin area, and an
 * artist signs in again with one e-mail. Idle 2 hours, as an admin's default; at most 24 hours,
 * since the session shows their address and files and can withdraw an entry.
 */

export const ARTIST_IDLE_MS = 2 * 60 * 60 * 1000;
export const ARTIST_ABSOLUTE_MS = 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Only a hash of each token is kept, so a copy of the database signs nobody in. */
export function hashArtistToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new random token: a session's, or a sign-in link's. */
export const newArtistToken = () => randomBytes(TOKEN_BYTES).toString('base64url');

/** Who an artist session is (request.artist). */
export interface ArtistSessionUser {
  artistId: string;
  email: string;
  sessionId: string;
}

export async function createArtistSession(
  db: Kysely<DB>,
  artistId: string,
  userAgent: string | undefined,
  now: Date,
): Promise<string> {
  const token = newArtistToken();
  await insertArtistSession(db, {
    id: hashArtistToken(token),
    artist_id: artistId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ARTIST_ABSOLUTE_MS).toISOString(),
    user_agent: userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** The artist of a token, or undefined for a malformed, unknown, idle or expired one. */
export async function findArtistSession(
  db: Kysely<DB>,
  token: string | undefined,
  now: Date,
): Promise<ArtistSessionUser | undefined> {
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  const id = hashArtistToken(token);
  const row = await findArtistSessionRow(db, id);
  if (!row) return undefined;
  const idleSince = now.getTime() - Date.parse(row.last_seen_at);
  const expired =
    Date.parse(row.expires_at) <= now.getTime() ||
    now.getTime() - Date.parse(row.created_at) >= ARTIST_ABSOLUTE_MS;
  if (expired || idleSince >= ARTIST_IDLE_MS) {
    await deleteArtistSession(db, id);
    return undefined;
  }
  if (idleSince >= TOUCH_EVERY_MS) await touchArtistSession(db, id, now.toISOString());
  return { artistId: row.artist_id, email: row.email, sessionId: id };
}

/** Sessions past either limit, deleted at each sign-in so the table does not grow for ever. */
export async function deleteStaleArtistSessionsAt(db: Kysely<DB>, now: Date): Promise<void> {
  await deleteStaleArtistSessions(
    db,
    new Date(now.getTime() - ARTIST_ABSOLUTE_MS).toISOString(),
    new Date(now.getTime() - ARTIST_IDLE_MS).toISOString(),
  );
}

export async function endArtistSession(db: Kysely<DB>, token: string | undefined): Promise<void> {
  if (token && TOKEN_PATTERN.test(token)) await deleteArtistSession(db, hashArtistToken(token));
}
