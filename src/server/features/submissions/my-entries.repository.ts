import type { SubmissionsDb } from './submissions.tables.ts';
import { selectEntries } from './submissions.repository.ts';

/*
 * The queries of the signed-in artist's own entries: every entry made with their e-mail address,
 * whatever its case, read as their entry page reads one.
 */

/** Every entry made with `email` (any case), in every competition, the newest first. */
export async function findEntriesOfEmail(db: SubmissionsDb, email: string) {
  return selectEntries(db)
    .where((eb) => eb(eb.fn('lower', ['s.email']), '=', email.toLowerCase()))
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

/** One entry by its id, only when it was made with `email` (any case). */
export async function findEntryOfEmail(db: SubmissionsDb, email: string, submissionId: string) {
  return selectEntries(db)
    .where('s.id', '=', submissionId)
    .where((eb) => eb(eb.fn('lower', ['s.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}
