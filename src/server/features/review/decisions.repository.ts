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
