import type { ReviewStatus } from '../../../shared/domain/entry-state.ts';
import type { SubmissionsDb } from './submissions.tables.ts';

/*
 * The changes other features make to an entry (review's decisions, payments' paid and refunded
 * marks): submissions owns the table, so every write to it lives in this feature.
 */

/** Sets the status of those of `ids` not in it yet; answers the ids it changed. */
export async function setEntriesStatus(
  trx: SubmissionsDb,
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
export async function restoreEntryStatus(
  trx: SubmissionsDb,
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

export async function deleteEntryRow(trx: SubmissionsDb, id: string): Promise<void> {
  await trx.deleteFrom('submissions').where('id', '=', id).execute();
}

/**
 * Marks an entry paid: a pending one, or a refunded one whose late payment was captured after
 * the refund (the money is held again). False when it was paid already, so the e-mail goes once.
 */
export async function markEntryPaid(trx: SubmissionsDb, submissionId: string, stamp: string) {
  const result = await trx
    .updateTable('submissions')
    .set({ payment_status: 'paid', paid_at: stamp, refunded_at: null, updated_at: stamp })
    .where('id', '=', submissionId)
    .where((eb) => eb.or([eb('payment_status', '=', 'pending'), eb('refunded_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markEntryRefunded(trx: SubmissionsDb, submissionId: string, stamp: string) {
  await trx
    .updateTable('submissions')
    .set({ refunded_at: stamp, updated_at: stamp })
    .where('id', '=', submissionId)
    .where('refunded_at', 'is', null)
    .execute();
}
