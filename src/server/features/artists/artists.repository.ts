import { sql } from 'kysely';
import type { ArtistSessionsTable } from './artists.tables.ts';
import type { ArtistsDb } from './artists.tables.ts';

/* Artists and their sessions. */

/**
 * Whether any entry was made with `email` (lower-case): entries keep the address as typed, so it
 * is compared as the index submissions_email_key holds it.
 */
export async function hasEntriesFor(db: ArtistsDb, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('submissions')
    .select('id')
    .where(sql<string>`lower(trim(email))`, '=', email)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The artist of `email`, made now unless one is there already; its id. */
export async function ensureArtist(
  db: ArtistsDb,
  row: { id: string; email: string; created_at: string },
): Promise<string> {
  await db
    .insertInto('artists')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const found = await db
    .selectFrom('artists')
    .select('id')
    .where('email', '=', row.email)
    .executeTakeFirstOrThrow();
  return found.id;
}

export async function insertArtistSession(db: ArtistsDb, row: ArtistSessionsTable): Promise<void> {
  await db.insertInto('artist_sessions').values(row).execute();
}

export async function findArtistSessionRow(db: ArtistsDb, id: string) {
  return db
    .selectFrom('artist_sessions as s')
    .innerJoin('artists as a', 'a.id', 's.artist_id')
    .select(['s.id', 's.artist_id', 's.created_at', 's.last_seen_at', 's.expires_at', 'a.email'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

export async function touchArtistSession(db: ArtistsDb, id: string, at: string): Promise<void> {
  await db.updateTable('artist_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteArtistSession(db: ArtistsDb, id: string): Promise<void> {
  await db.deleteFrom('artist_sessions').where('id', '=', id).execute();
}

/** Sessions opened at or before `openedBy`, and those last seen at or before `seenBy`. */
export async function deleteStaleArtistSessions(
  db: ArtistsDb,
  openedBy: string,
  seenBy: string,
): Promise<void> {
  await db
    .deleteFrom('artist_sessions')
    .where((eb) => eb.or([eb('created_at', '<=', openedBy), eb('last_seen_at', '<=', seenBy)]))
    .execute();
}
