import type { Insertable } from 'kysely';
import type {
  PaymentStatus,
  TestCheckoutOrdersTable,
  TestCheckoutPaymentsTable,
} from '../../db/schema.ts';
import { isPostgres } from '../../db/database.ts';
import type { PaymentsDb } from './payments.tables.ts';

/** The built-in test provider's books: its orders and payments. */

export async function insertTestOrder(db: PaymentsDb, row: Insertable<TestCheckoutOrdersTable>) {
  await db.insertInto('test_checkout_orders').values(row).execute();
}

export async function findTestOrder(db: PaymentsDb, orderId: string) {
  return db
    .selectFrom('test_checkout_orders')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** The order, row-locked on PostgreSQL until the transaction ends (SQLite writes one at a time). */
export async function lockTestOrder(trx: PaymentsDb, orderId: string) {
  let query = trx.selectFrom('test_checkout_orders').selectAll().where('order_id', '=', orderId);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertTestPayment(
  db: PaymentsDb,
  row: Insertable<TestCheckoutPaymentsTable>,
) {
  await db.insertInto('test_checkout_payments').values(row).execute();
}

export async function findTestPayment(db: PaymentsDb, paymentId: string) {
  return db
    .selectFrom('test_checkout_payments')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

export async function findTestPaymentsOfOrder(db: PaymentsDb, orderId: string) {
  return db
    .selectFrom('test_checkout_payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();
}

/** Moves a payment on, and keeps the refund's id once it has one (a repeat keeps the first). */
export async function updateTestPayment(
  db: PaymentsDb,
  paymentId: string,
  from: PaymentStatus,
  changes: { status: PaymentStatus; refund_id?: string },
) {
  const result = await db
    .updateTable('test_checkout_payments')
    .set(changes)
    .where('payment_id', '=', paymentId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
