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

/**
 * Of `submissionIds`, those in a round of judging: their answers are with the jurors (and their
 * redactions made for them), so the artist may no longer change them.
 */
export async function entriesWithJury(
  db: SubmissionsDb,
  submissionIds: readonly string[],
): Promise<Set<string>> {
  if (submissionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('jury_round_entries')
    .select('submission_id')
    .distinct()
    .where('submission_id', 'in', submissionIds)
    .execute();
  return new Set(rows.map((row) => row.submission_id));
}
