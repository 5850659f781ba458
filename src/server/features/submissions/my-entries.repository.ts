import { sql } from 'kysely';
import type { SubmissionsDb } from './submissions.tables.ts';
import { selectEntries } from './submissions.repository.ts';

/*
 * The queries of the signed-in artist's own entries: every entry made with their e-mail address,
 * whatever its case, read as their entry page reads one.
 */

/** An entry's address as the index submissions_email_key holds it: trimmed, lower-case. */
const emailKey = sql<string>`lower(trim(s.email))`;
const keyOf = (email: string) => email.trim().toLowerCase();

/** Every entry made with `email` (any case), in every competition, the newest first. */
export async function findEntriesOfEmail(db: SubmissionsDb, email: string) {
  return selectEntries(db)
    .where(emailKey, '=', keyOf(email))
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

/** One entry by its id, only when it was made with `email` (any case). */
export async function findEntryOfEmail(db: SubmissionsDb, email: string, submissionId: string) {
  return selectEntries(db)
    .where('s.id', '=', submissionId)
    .where(emailKey, '=', keyOf(email))
    .executeTakeFirst();
}
