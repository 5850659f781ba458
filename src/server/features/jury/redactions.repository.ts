import {
  entryFormFields,
  firstWorkValues,
  reviewStatusIn,
} from '../submissions/submissions.service.ts';
import type { JuryDb } from './jury.tables.ts';

/* The jury's copies of answers that named their artist (jury_redactions). */

/** The jury's copy of each redacted answer of one entry, by field id. */
export async function findRedactionsOf(
  db: JuryDb,
  submissionId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('jury_redactions')
    .select(['field_id', 'jury_text'])
    .where('submission_id', '=', submissionId)
    .execute();
  return new Map(rows.map((r) => [r.field_id, r.jury_text]));
}

/** Every redaction of a competition's entries. */
export async function findCompetitionRedactions(db: JuryDb, competitionId: string) {
  return db
    .selectFrom('jury_redactions as r')
    .innerJoin('submissions as s', 's.id', 'r.submission_id')
    .select(['r.submission_id', 'r.field_id', 'r.jury_text', 'r.redacted_at'])
    .where('s.competition_id', '=', competitionId)
    .execute();
}

/**
 * The entries of a competition that can still reach a jury (pending or approved), with what the
 * identity check compares: the artist's name, e-mail and phone, and the answers with their fields.
 */
export async function findEntriesToCheck(db: JuryDb, competitionId: string) {
  return db
    .selectFrom('submissions as s')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      's.id',
      's.reference',
      's.status',
      's.full_name',
      's.email',
      's.phone',
      's.field_values',
      firstWorkValues('s').as('work_values'),
      entryFormFields('s', 'c'),
    ])
    .where('s.competition_id', '=', competitionId)
    .where(reviewStatusIn(['pending', 'approved'], 's'))
    .orderBy('s.reference')
    .execute();
}

/** One entry of the competition, for a redaction (undefined: no such entry in it). */
export async function findEntryToRedact(db: JuryDb, competitionId: string, entryId: string) {
  return db
    .selectFrom('submissions as s')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      's.id',
      's.full_name',
      's.email',
      's.phone',
      's.field_values',
      firstWorkValues('s').as('work_values'),
      entryFormFields('s', 'c'),
    ])
    .where('s.competition_id', '=', competitionId)
    .where('s.id', '=', entryId)
    .executeTakeFirst();
}

export async function upsertRedaction(
  db: JuryDb,
  row: { submission_id: string; field_id: string; jury_text: string; redacted_at: string },
): Promise<void> {
  await db
    .insertInto('jury_redactions')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['submission_id', 'field_id'])
        .doUpdateSet({ jury_text: row.jury_text, redacted_at: row.redacted_at }),
    )
    .execute();
}

/** Removes a redaction; answers whether there was one. */
export async function deleteRedaction(
  db: JuryDb,
  submissionId: string,
  fieldId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('jury_redactions')
    .where('submission_id', '=', submissionId)
    .where('field_id', '=', fieldId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
