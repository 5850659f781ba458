import type { Kysely } from 'kysely';

/*
 * Failed sign-ins, kept in the database rather than in memory so the limit holds across several
 * server processes. Rows older than the counting window are deleted as new ones arrive.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  for (const column of ['username', 'ip', 'failed_at']) {
    await db.schema
      .createIndex(`login_failures_${column}`)
      .on('login_failures')
      .column(column)
      .execute();
  }
}
