import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { DB, ImageJobsTable } from '../../db/schema.ts';
import type { MediaDb } from './media.tables.ts';

/** Picture jobs (image_jobs): every query of image-jobs.ts. */

export type ImageJobRow = Pick<
  Selectable<ImageJobsTable>,
  'key' | 'submission_id' | 'kind' | 'attempts'
>;

export async function insertImageJobs(
  trx: MediaDb,
  rows: readonly Insertable<ImageJobsTable>[],
): Promise<void> {
  if (rows.length > 0)
    await trx
      .insertInto('image_jobs')
      .values([...rows])
      .execute();
}

/** A job a worker may take at `now`: waiting and due, or claimed by a worker whose claim ran out. */
function isDue(now: string) {
  return (eb: ExpressionBuilder<DB, 'image_jobs'>) =>
    eb.or([
      eb.and([eb('status', '=', 'pending'), eb('run_after', '<=', now)]),
      eb.and([eb('status', '=', 'working'), eb('claimed_until', '<=', now)]),
    ]);
}

/** The keys of up to `limit` jobs due at `now`, oldest first. */
export async function findDueImageJobKeys(
  db: MediaDb,
  now: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('image_jobs')
    .select('key')
    .where(isDue(now))
    .orderBy('run_after')
    .orderBy('key')
    .limit(limit)
    .execute();
  return rows.map((r) => r.key);
}

/**
 * Takes one due job until `claimedUntil` in one conditional update: of two workers (or two
 * servers) trying at once, exactly one changes the row and gets it back.
 */
export async function claimImageJob(
  db: MediaDb,
  key: string,
  now: string,
  claimedUntil: string,
): Promise<ImageJobRow | undefined> {
  return db
    .updateTable('image_jobs')
    .set({ status: 'working', claimed_until: claimedUntil, updated_at: now })
    .where('key', '=', key)
    .where(isDue(now))
    .returning(['key', 'submission_id', 'kind', 'attempts'])
    .executeTakeFirst();
}

const heldBy = (key: string, claimedUntil: string) => (eb: ExpressionBuilder<DB, 'image_jobs'>) =>
  eb.and([
    eb('key', '=', key),
    eb('status', '=', 'working'),
    eb('claimed_until', '=', claimedUntil),
  ]);

/** The job is done: its row goes, if this worker still holds it. False when the claim was lost. */
export async function deleteHeldImageJob(
  trx: MediaDb,
  key: string,
  claimedUntil: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('image_jobs')
    .where(heldBy(key, claimedUntil))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface ImageJobAttempt {
  status: 'pending' | 'failed';
  attempts: number;
  lastError: string;
  runAfter: string;
  now: string;
}

/** Records a failed attempt on a job this worker still holds. */
export async function recordImageJobAttempt(
  db: MediaDb,
  key: string,
  claimedUntil: string,
  attempt: ImageJobAttempt,
): Promise<boolean> {
  const result = await db
    .updateTable('image_jobs')
    .set({
      status: attempt.status,
      attempts: attempt.attempts,
      last_error: attempt.lastError,
      run_after: attempt.runAfter,
      claimed_until: null,
      updated_at: attempt.now,
    })
    .where(heldBy(key, claimedUntil))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function submissionExists(db: MediaDb, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('submissions')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The jobs not done of these submissions: each submission's id with its jobs' statuses. */
export async function findImageJobStatuses(
  db: MediaDb,
  submissionIds: readonly string[],
): Promise<{ submission_id: string; status: ImageJobsTable['status'] }[]> {
  if (submissionIds.length === 0) return [];
  return db
    .selectFrom('image_jobs')
    .select(['submission_id', 'status'])
    .where('submission_id', 'in', submissionIds)
    .execute();
}
