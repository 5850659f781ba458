import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The queries of an admin's decisions on submissions: approving, rejecting, deleting. */

/** Which of `ids` exist, with what deciding about them needs. */
export async function findDecisionTargets(trx: Kysely<DB>, ids: readonly string[]) {
  return trx
    .selectFrom('submissions')
    .select(['id', 'reference', 'full_name', 'email', 'competition_title', 'status'])
    .where('id', 'in', ids)
    .execute();
}

/** Sets the status of those of `ids` not in it yet; answers the ids it changed. */
export async function setStatus(
  trx: Kysely<DB>,
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

export async function deleteSubmissionRow(trx: Kysely<DB>, id: string): Promise<void> {
  await trx.deleteFrom('submissions').where('id', '=', id).execute();
}
