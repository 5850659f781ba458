import { sql, type Updateable } from 'kysely';
import { isPostgres } from '../../db/database.ts';
import { entryFormFields } from './entry-form.repository.ts';
import { PAYMENT_STATE_COLUMNS } from './entry-rows.ts';
import type { SubmissionsDb, SubmissionsTable } from './submissions.tables.ts';

/** The queries of an artist changing their own entry, signed in. */

/** The condition "made with this address", as "My entries" lists them: any case. */
const madeBy = (email: string) => sql<boolean>`lower(submissions.email) = ${email.toLowerCase()}`;

/**
 * The artist's entry as a change needs it, with the form it was made with and its competition's
 * minimum artwork size; undefined for another's entry or none. With `lock`, on PostgreSQL its
 * row stays locked until the transaction ends, so a withdrawal, a decision or another change
 * waits (SQLite writes one at a time).
 */
export async function findMyEntryToChange(
  db: SubmissionsDb,
  submissionId: string,
  email: string,
  lock = false,
) {
  if (lock && isPostgres(db)) {
    await db
      .selectFrom('submissions')
      .select('id')
      .where('id', '=', submissionId)
      .forUpdate()
      .execute();
  }
  return db
    .selectFrom('submissions')
    .leftJoin('categories', 'categories.id', 'submissions.category_id')
    .leftJoin('competitions', 'competitions.id', 'submissions.competition_id')
    .select([
      'submissions.id',
      'submissions.reference',
      'submissions.competition_id',
      'submissions.full_name',
      'submissions.age',
      'submissions.gender',
      'submissions.email',
      'submissions.phone',
      'submissions.address',
      'submissions.pincode',
      'submissions.photo_key',
      'submissions.field_values',
      'submissions.status',
      'submissions.withdrawn_at',
      'submissions.guardian_name',
      'submissions.guardian_consent_at',
      'submissions.publication_consent',
      ...PAYMENT_STATE_COLUMNS.map((column) => `submissions.${column}` as const),
      entryFormFields('submissions', 'categories'),
      'competitions.min_artwork_long_side',
    ])
    .where('submissions.id', '=', submissionId)
    .where(madeBy(email))
    .executeTakeFirst();
}

export type MyEntryRow = NonNullable<Awaited<ReturnType<typeof findMyEntryToChange>>>;

/** The entry's works' rows, in order. */
export async function findWorkRows(db: SubmissionsDb, submissionId: string) {
  return db
    .selectFrom('entry_works')
    .select(['id', 'submission_id', 'position', 'field_values'])
    .where('submission_id', '=', submissionId)
    .orderBy('position')
    .execute();
}

export async function updateEntryAnswers(
  trx: SubmissionsDb,
  submissionId: string,
  changes: Updateable<SubmissionsTable>,
): Promise<void> {
  await trx.updateTable('submissions').set(changes).where('id', '=', submissionId).execute();
}

export async function updateWorkAnswers(
  trx: SubmissionsDb,
  workId: string,
  fieldValues: string,
  stamp: string,
): Promise<void> {
  await trx
    .updateTable('entry_works')
    .set({ field_values: fieldValues, updated_at: stamp })
    .where('id', '=', workId)
    .execute();
}
