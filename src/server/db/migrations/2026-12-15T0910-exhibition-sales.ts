import type { Kysely } from 'kysely';

/*
 * Works their artists marked for sale, with the asking price in whole rupees: one row per work
 * (an entry's work, `entry_works.id`), removed when the artist takes the mark off.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exhibition_sales')
    .addColumn('work_id', 'text', (c) => c.primaryKey())
    .addColumn('submission_id', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('exhibition_sales_submission')
    .on('exhibition_sales')
    .column('submission_id')
    .execute();
}
