import type { Insertable } from 'kysely';
import { ADVISORY_LOCK, lockAdvisory } from '../../db/advisory-locks.ts';
import { isPostgres } from '../../db/database.ts';
import type { SubmissionsTable } from '../../db/schema.ts';
import { entryFormFields } from './entry-form.repository.ts';
import type { SubmissionsDb } from './submissions.tables.ts';
import { firstWorkValues } from './works.repository.ts';

/** Submissions and their references: every query of registration. */

/**
 * A competition with what registration needs of its category: its form fields. On PostgreSQL,
 * with `lock`, the competition and category rows are share-locked until the transaction ends, so
 * neither changes nor goes between this check and the submission that refers to them.
 */
export async function findRegistrationTarget(
  db: SubmissionsDb,
  competitionId: string,
  lock = false,
) {
  let query = db
    .selectFrom('competitions as c')
    .innerJoin('categories as cat', 'cat.id', 'c.category_id')
    .select([
      'c.id',
      'c.title',
      'c.category_id',
      'c.subcategory_id',
      'c.start_date',
      'c.end_date',
      'c.entry_type',
      'c.entry_fee',
      'c.min_artwork_long_side',
      'c.min_works',
      'c.max_works',
      'cat.form_fields',
    ])
    .where('c.id', '=', competitionId);
  if (lock && isPostgres(db)) query = query.forShare();
  return query.executeTakeFirst();
}

export type RegistrationTargetRow = NonNullable<Awaited<ReturnType<typeof findRegistrationTarget>>>;

/** What a receipt is made of: the submission as it was created. */
export async function findSubmissionByIdempotencyKey(db: SubmissionsDb, idempotencyKey: string) {
  return db
    .selectFrom('submissions')
    .select([
      'id',
      'reference',
      'competition_id',
      'competition_title',
      'entry_type',
      'entry_fee',
      'email',
      'idempotency_hash',
      'created_at',
    ])
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export type ReceiptRow = NonNullable<Awaited<ReturnType<typeof findSubmissionByIdempotencyKey>>>;

/**
 * Inside a transaction on PostgreSQL: waits for another request holding this idempotency key, so
 * the second of two identical requests sees the first's submission once it is committed. SQLite
 * runs one transaction at a time: nothing to do.
 */
export async function lockIdempotencyKey(
  trx: SubmissionsDb,
  idempotencyKey: string,
): Promise<void> {
  await lockAdvisory(trx, ADVISORY_LOCK.idempotencyKey, idempotencyKey);
}

/**
 * The next value of a reference series ('WS-2026'), 1 for a new one: one statement that creates
 * or increments the row and returns its new value, so no two transactions ever get the same value
 * on either engine (PostgreSQL locks the row until the first commits).
 */
export async function nextReferenceValue(trx: SubmissionsDb, series: string): Promise<number> {
  const row = await trx
    .insertInto('reference_counters')
    .values({ series, value: 1 })
    .onConflict((oc) =>
      oc.column('series').doUpdateSet((eb) => ({ value: eb('reference_counters.value', '+', 1) })),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

export async function insertSubmission(
  trx: SubmissionsDb,
  row: Insertable<SubmissionsTable>,
): Promise<void> {
  await trx.insertInto('submissions').values(row).execute();
}

/**
 * Entries with their category's fields, for their artist's pages and the admin's: one reading of
 * an entry, filtered by each caller.
 */
export function selectEntries(db: SubmissionsDb) {
  return db
    .selectFrom('submissions as s')
    .leftJoin('categories as cat', 'cat.id', 's.category_id')
    .select([
      's.id',
      's.reference',
      's.competition_id',
      's.competition_title',
      's.full_name',
      's.age',
      's.gender',
      's.email',
      's.phone',
      's.address',
      's.pincode',
      's.guardian_name',
      's.guardian_consent_at',
      's.photo_key',
      's.field_values',
      firstWorkValues('s').as('work_values'),
      's.entry_type',
      's.entry_fee',
      's.status',
      's.payment_status',
      's.refunded_at',
      's.withdrawn_at',
      's.created_at',
      's.publication_consent',
      's.publication_consent_at',
      entryFormFields('s', 'cat'),
    ]);
}

/** An entry with its category's fields, for its artist's page and the admin's. */
export async function findEntry(db: SubmissionsDb, submissionId: string) {
  return selectEntries(db).where('s.id', '=', submissionId).executeTakeFirst();
}

export type EntryRow = NonNullable<Awaited<ReturnType<typeof findEntry>>>;

/** What resending an entry's link needs: whom it goes to. */
export async function findEntryByReference(db: SubmissionsDb, reference: string) {
  return db
    .selectFrom('submissions')
    .select(['id', 'reference', 'email', 'full_name', 'competition_title'])
    .where('reference', '=', reference)
    .executeTakeFirst();
}
