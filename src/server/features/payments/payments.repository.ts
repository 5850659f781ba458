import { type Insertable } from 'kysely';
import { isPostgres } from '../../db/database.ts';
import type { PaymentOrdersTable, PaymentsTable, PaymentStatus } from '../../db/schema.ts';
import type { PaymentsDb } from './payments.tables.ts';
import { PAYMENT_STATE_COLUMNS } from '../submissions/submissions.service.ts';

/** Every query of payments: orders, the ledger, webhook event ids, and the entry's paid state. */

/** What paying for an entry needs to know of it. */
export async function findPayableEntry(db: PaymentsDb, submissionId: string) {
  return db
    .selectFrom('submissions')
    .select([
      'id',
      'reference',
      'full_name',
      'email',
      'phone',
      'competition_title',
      ...PAYMENT_STATE_COLUMNS,
      'withdrawn_at',
    ])
    .where('id', '=', submissionId)
    .executeTakeFirst();
}

export type PayableEntryRow = NonNullable<Awaited<ReturnType<typeof findPayableEntry>>>;

/** The submission's order still waiting for a payment, if any. */
export async function findOpenOrder(db: PaymentsDb, submissionId: string) {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .where('status', '=', 'created')
    .executeTakeFirst();
}

/** The submission's latest order, open or paid. */
export async function findLatestOrder(db: PaymentsDb, submissionId: string) {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertOrder(
  db: PaymentsDb,
  row: Insertable<PaymentOrdersTable>,
): Promise<void> {
  await db.insertInto('payment_orders').values(row).execute();
}

/** The order, row-locked on PostgreSQL until the transaction ends (SQLite writes one at a time). */
export async function lockOrder(trx: PaymentsDb, orderId: string) {
  let query = trx.selectFrom('payment_orders').selectAll().where('order_id', '=', orderId);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function markOrderPaid(trx: PaymentsDb, orderId: string, stamp: string) {
  await trx
    .updateTable('payment_orders')
    .set({ status: 'paid', check_after: null, claimed_until: null, updated_at: stamp })
    .where('order_id', '=', orderId)
    .execute();
}

/**
 * Records a webhook's event id; false when it was recorded before. On PostgreSQL a concurrent
 * insert of the same id waits for the first transaction, then does nothing.
 */
export async function recordEvent(trx: PaymentsDb, eventId: string, stamp: string) {
  const result = await trx
    .insertInto('payment_events')
    .values({ event_id: eventId, received_at: stamp })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findPayment(trx: PaymentsDb, paymentId: string) {
  return trx
    .selectFrom('payments')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

export async function insertPayment(trx: PaymentsDb, row: Insertable<PaymentsTable>) {
  await trx.insertInto('payments').values(row).execute();
}

export async function updatePayment(
  trx: PaymentsDb,
  paymentId: string,
  changes: {
    status: PaymentStatus;
    error_description: string | null;
    refund_id: string | null;
    event_ids: string;
    updated_at: string;
  },
) {
  await trx.updateTable('payments').set(changes).where('payment_id', '=', paymentId).execute();
}

/** The submission's payments whose money is held: captured and not refunded. */
export async function countCapturedPayments(trx: PaymentsDb, submissionId: string) {
  const { n } = await trx
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('submission_id', '=', submissionId)
    .where('status', '=', 'captured')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Orders still waiting for a payment whose next check is due, and not held by a server now. */
export async function findDueOrders(db: PaymentsDb, now: string, limit: number) {
  return db
    .selectFrom('payment_orders')
    .select(['order_id'])
    .where('status', '=', 'created')
    .where('check_after', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .orderBy('check_after')
    .limit(limit)
    .execute();
}

/**
 * Takes an order for this server's check until `claimedUntil`, in one conditional update: of two
 * servers asking at once, one gets it.
 */
export async function claimOrder(
  db: PaymentsDb,
  orderId: string,
  now: string,
  claimedUntil: string,
) {
  const result = await db
    .updateTable('payment_orders')
    .set({ claimed_until: claimedUntil })
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .where('check_after', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findOrder(db: PaymentsDb, orderId: string) {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** Releases a checked order: when to check again (null: never), and one more check counted. */
export async function rescheduleOrder(
  db: PaymentsDb,
  orderId: string,
  checkAfter: string | null,
  stamp: string,
) {
  await db
    .updateTable('payment_orders')
    .set((eb) => ({
      check_after: checkAfter,
      checks: eb('checks', '+', 1),
      claimed_until: null,
      updated_at: stamp,
    }))
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
}

/** An entry's payment attempts, oldest first: the ledger as the admin's entry page lists it. */
export async function findPaymentsOfEntry(db: PaymentsDb, submissionId: string) {
  return db
    .selectFrom('payments')
    .select([
      'payment_id',
      'order_id',
      'provider',
      'amount_paise',
      'currency',
      'status',
      'error_description',
      'refund_id',
      'created_at',
      'updated_at',
    ])
    .where('submission_id', '=', submissionId)
    .orderBy('created_at')
    .orderBy('payment_id')
    .execute();
}
