import type { ReviewStatus } from '../../../shared/domain/entry-state.ts';
import { isPostgres } from '../../db/database.ts';
import type { ReviewDb } from './review.tables.ts';

/** The queries of an admin's decisions on submissions: approving, rejecting, undoing, deleting. */

/**
 * Which of `ids` exist, with what deciding about them needs; on PostgreSQL their rows stay locked
 * until the transaction ends (SQLite writes one at a time), taken in id order so two decisions on
 * overlapping entries never wait on each other in a circle. A second decision on an entry waits
 * for the first's commit, then reads the status and the waiting e-mail the first left.
 */
export async function findDecisionTargets(trx: ReviewDb, ids: readonly string[]) {
  let query = trx
    .selectFrom('submissions')
    .select([
      'id',
      'reference',
      'full_name',
      'email',
      'competition_title',
      'status',
      'withdrawn_at',
    ])
    .where('id', 'in', ids)
    .orderBy('id');
  if (isPostgres(trx)) query = query.forUpdate();
  return query.execute();
}

/** Sets the status of those of `ids` not in it yet; answers the ids it changed. */
export async function setStatus(
  trx: ReviewDb,
  ids: readonly string[],
  status: 'approved' | 'rejected',
  stamp: string,
) {
  const changed = await trx
    .updateTable('submissions')
    .set({ status, updated_at: stamp })
    .where('id', 'in', ids)
    .where('status', '!=', status)
    .returning('id')
    .execute();
  return changed.map((row) => row.id);
}

/** Puts one entry back in the status it had before an undone decision (pending included). */
export async function restoreStatus(
  trx: ReviewDb,
  id: string,
  status: ReviewStatus,
  stamp: string,
): Promise<void> {
  await trx
    .updateTable('submissions')
    .set({ status, updated_at: stamp })
    .where('id', '=', id)
    .execute();
}

export async function deleteSubmissionRow(trx: ReviewDb, id: string): Promise<void> {
  await trx.deleteFrom('submissions').where('id', '=', id).execute();
}
