import type { Insertable, Selectable } from 'kysely';
import type { ReceiptsDb, ReceiptsTable } from './receipts.tables.ts';

/** Every query of receipts: the counters, the issued documents and the entry they are for. */

export type ReceiptRow = Selectable<ReceiptsTable>;

/**
 * The next number of a series, inside the caller's transaction: the counter row is made when
 * missing, then moved on by one conditional update that answers its new value. The update holds
 * the row until the transaction ends (PostgreSQL's row lock; SQLite writes one at a time), so two
 * servers take 1 and 2, never the same; a rollback gives the number back, leaving no gap.
 */
export async function takeNextInSeries(trx: ReceiptsDb, series: string): Promise<number> {
  await trx
    .insertInto('receipt_counters')
    .values({ series, value: 0 })
    .onConflict((oc) => oc.column('series').doNothing())
    .execute();
  const { value } = await trx
    .updateTable('receipt_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('series', '=', series)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(value);
}

export async function insertReceipt(trx: ReceiptsDb, row: Insertable<ReceiptsTable>) {
  await trx.insertInto('receipts').values(row).execute();
}

export async function findReceiptOfPayment(
  db: ReceiptsDb,
  paymentId: string,
  kind: ReceiptsTable['kind'],
) {
  return db
    .selectFrom('receipts')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function findReceiptById(db: ReceiptsDb, id: string) {
  return db.selectFrom('receipts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findReceiptByNumber(db: ReceiptsDb, number: string) {
  return db.selectFrom('receipts').selectAll().where('number', '=', number).executeTakeFirst();
}

/** An entry's receipts and credit notes, in the order they were issued. */
export async function findReceiptsOfEntry(db: ReceiptsDb, submissionId: string) {
  return db
    .selectFrom('receipts')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .orderBy('issued_at')
    .orderBy('kind', 'desc')
    .orderBy('sequence')
    .execute();
}

/** What a receipt says of the entry it is for. */
export async function findEntryForReceipt(db: ReceiptsDb, submissionId: string) {
  return db
    .selectFrom('submissions')
    .select(['id', 'reference', 'full_name', 'email', 'competition_title', 'price_breakdown'])
    .where('id', '=', submissionId)
    .executeTakeFirst();
}
