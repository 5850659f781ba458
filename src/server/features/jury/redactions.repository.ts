import {
  entryFormFields,
  notWithdrawn,
  reviewStatusIn,
} from '../submissions/submissions.service.ts';
import type { JuryDb } from './jury.tables.ts';

/* The jury's copies of answers that named their artist (jury_redactions). */

/** The jury's copies of one work's answers: its own (`position`) and its entry's (0). */
export async function findRedactionsOf(db: JuryDb, submissionId: string, position: number) {
  return db
    .selectFrom('jury_redactions')
    .select(['work_position', 'field_id', 'jury_text'])
    .where('submission_id', '=', submissionId)
    .where('work_position', 'in', [0, position])
    .execute();
}

/** Every redaction of a competition's entries. */
export async function findCompetitionRedactions(db: JuryDb, competitionId: string) {
  return db
    .selectFrom('jury_redactions as r')
    .innerJoin('submissions as s', 's.id', 'r.submission_id')
    .select(['r.submission_id', 'r.work_position', 'r.field_id', 'r.jury_text', 'r.redacted_at'])
    .where('s.competition_id', '=', competitionId)
    .execute();
}

/**
 * The entries of a competition that can still reach a jury (pending or approved), with what the
 * identity check compares: the artist's name, e-mail and phone, and the entry's own answers with
 * their fields (its works' are read by worksOf).
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
      entryFormFields('s', 'c'),
    ])
    .where('s.competition_id', '=', competitionId)
    .where(reviewStatusIn(['pending', 'approved'], 's'))
    .where(notWithdrawn('s'))
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
      entryFormFields('s', 'c'),
    ])
    .where('s.competition_id', '=', competitionId)
    .where('s.id', '=', entryId)
    .executeTakeFirst();
}

export async function upsertRedaction(
  db: JuryDb,
  row: {
    submission_id: string;
    work_position: number;
    field_id: string;
    jury_text: string;
    redacted_at: string;
  },
): Promise<void> {
  await db
    .insertInto('jury_redactions')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['submission_id', 'work_position', 'field_id'])
        .doUpdateSet({ jury_text: row.jury_text, redacted_at: row.redacted_at }),
    )
    .execute();
}

/** Removes a redaction; answers whether there was one. */
export async function deleteRedaction(
  db: JuryDb,
  submissionId: string,
  position: number,
  fieldId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('jury_redactions')
    .where('submission_id', '=', submissionId)
    .where('work_position', '=', position)
    .where('field_id', '=', fieldId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
