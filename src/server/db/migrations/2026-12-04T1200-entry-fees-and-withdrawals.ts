import type { Kysely } from 'kysely';

/*
 * Paid means a fee: a competition saved "paid" with a fee of 0 took its entries as pending
 * payments nobody could make. Such competitions, and their entries, become what they always were:
 * free (a free entry is stored paid, with a fee of 0).
 *
 * An entry its artist withdraws (an unpaid one, replaced by a new attempt) keeps its row and its
 * review status; `withdrawn_at` says it is withdrawn. A column rather than a new status: the
 * status's check cannot be changed on SQLite without copying the table, and a server of the
 * previous release reading a fourth status would fail where it reads this one as pending.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('competitions')
    .set({ entry_type: 'free' })
    .where('entry_type', '=', 'paid')
    .where('entry_fee', '<=', 0)
    .execute();
  await db
    .updateTable('submissions')
    .set({ entry_type: 'free', entry_fee: 0, payment_status: 'paid' })
    .where('entry_type', '=', 'paid')
    .where('entry_fee', '<=', 0)
    .execute();
  await db.schema.alterTable('submissions').addColumn('withdrawn_at', 'text').execute();
}
