import type { Kysely } from 'kysely';

/*
 * Visitors' enquiries about exhibited works for sale, sent to the art space (never the artist),
 * and the admin's e-mailed answer (`answer`, `answered_at`, `answered_by`: null until answered).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exhibition_enquiries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competition_id', 'text', (c) => c.notNull())
    .addColumn('work_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('answered_by', 'text')
    .execute();
  await db.schema
    .createIndex('exhibition_enquiries_created')
    .on('exhibition_enquiries')
    .column('created_at')
    .execute();
}
