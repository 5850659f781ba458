import { isPostgres } from '../../db/database.ts';
import type { SubmissionsDb } from './submissions.tables.ts';
import { PAYMENT_STATE_COLUMNS } from './entry-rows.ts';

/** The queries of an artist withdrawing their entry: by its link (unpaid), or signed in. */

/**
 * What deciding on a withdrawal needs of the entry; on PostgreSQL its row stays locked until the
 * transaction ends, so a payment or an admin's decision on it waits (SQLite writes one at a time).
 */
export async function findWithdrawalTarget(trx: SubmissionsDb, submissionId: string) {
  let query = trx
    .selectFrom('submissions')
    .select([
      'id',
      'reference',
      'email',
      'competition_id',
      'status',
      ...PAYMENT_STATE_COLUMNS,
      'withdrawn_at',
    ])
    .where('id', '=', submissionId);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Withdraws a standing entry; false when it was withdrawn already (a request before this one). */
export async function markWithdrawn(trx: SubmissionsDb, submissionId: string, stamp: string) {
  const result = await trx
    .updateTable('submissions')
    .set({ withdrawn_at: stamp, updated_at: stamp })
    .where('id', '=', submissionId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
