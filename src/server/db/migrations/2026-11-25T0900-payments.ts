import { type Kysely, sql } from 'kysely';

/*
 * Paid entries.
 * - payment_orders: one order per payable moment of a submission (reused while still payable),
 *   with what the reconciliation job needs: when to ask the provider next and who holds it.
 * - payments is made anew as the ledger: one row per payment attempt, keyed by the provider's
 *   payment id. Nothing wrote to the old table, whose one-row-per-order shape could not hold a
 *   failed attempt followed by a captured one. Rows outlive their submission.
 * - payment_events: each webhook event id, written in the transaction of the change it causes,
 *   so a repeat (even a concurrent one) changes nothing.
 * - server_keys: secrets the server makes for itself on first use (the entry-link key), shared
 *   by every process on the database.
 * - submissions: when the entry was paid, and refunded.
 * - test_checkout_orders and test_checkout_payments: the built-in test provider's own books (as
 *   Razorpay keeps its own), used only when no Razorpay keys are configured.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('paid_at', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('refunded_at', 'text').execute();

  await db.schema
    .createTable('payment_orders')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('submission_id', 'text', (c) => c.references('submissions.id').onDelete('set null'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('created', 'paid')`))
    // Reconciliation: when to ask the provider next (null: never again), how often it was asked,
    // and until when a server holds it.
    .addColumn('check_after', 'text')
    .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // At most one payable order per submission: two servers asked at once keep one.
  await db.schema
    .createIndex('payment_orders_one_open')
    .on('payment_orders')
    .column('submission_id')
    .unique()
    .where(sql.ref('status'), '=', 'created')
    .execute();
  await db.schema
    .createIndex('payment_orders_submission_id')
    .on('payment_orders')
    .column('submission_id')
    .execute();
  await db.schema
    .createIndex('payment_orders_check_after')
    .on('payment_orders')
    .column('check_after')
    .execute();

  await db.schema.dropTable('payments').execute();
  await db.schema
    .createTable('payments')
    .addColumn('payment_id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('payment_orders.order_id'))
    .addColumn('submission_id', 'text', (c) => c.references('submissions.id').onDelete('set null'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('created', 'failed', 'authorized', 'captured', 'refunded')`),
    )
    .addColumn('error_description', 'text')
    .addColumn('refund_id', 'text')
    .addColumn('event_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_order_id').on('payments').column('order_id').execute();
  await db.schema
    .createIndex('payments_submission_id')
    .on('payments')
    .column('submission_id')
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('test_checkout_orders')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('receipt', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('test_checkout_payments')
    .addColumn('payment_id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('test_checkout_orders.order_id'))
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('refund_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
