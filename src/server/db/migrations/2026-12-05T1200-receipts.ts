import { type Kysely, sql } from 'kysely';

/*
 * Receipts and credit notes, numbered without a gap within each series (a kind and a financial
 * year): a number is taken from the series' counter row in the transaction that records the
 * payment, so a transaction rolled back gives its number back. What a receipt says (the lines,
 * the tax, the seller's and the artist's details) is kept as it was issued. An outbox message
 * may name one attachment (a kind and an id) that its sender renders when it sends it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('receipt_counters')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('receipt', 'credit_note')`))
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('submission_id', 'text', (c) => c.references('submissions.id').onDelete('set null'))
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('reverses_number', 'text')
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('gst_rate_bp', 'integer')
    .addColumn('gst_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seller', 'text', (c) => c.notNull())
    .addColumn('artist_name', 'text', (c) => c.notNull())
    .addColumn('artist_email', 'text', (c) => c.notNull())
    .addColumn('competition_title', 'text', (c) => c.notNull())
    .addColumn('entry_reference', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('receipts_payment_kind', ['payment_id', 'kind'])
    .addUniqueConstraint('receipts_series_sequence', ['kind', 'financial_year', 'sequence'])
    .execute();
  await db.schema
    .createIndex('receipts_submission_id')
    .on('receipts')
    .column('submission_id')
    .execute();
  await db.schema.alterTable('email_outbox').addColumn('attachment', 'text').execute();
}
