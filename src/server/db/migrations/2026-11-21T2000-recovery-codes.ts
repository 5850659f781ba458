import type { Kysely } from 'kysely';

/*
 * Two-factor recovery codes: ten per admin, kept only as hashes, each usable once. They go with
 * their account.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_user_id', 'text', (c) =>
      c.notNull().references('admin_users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('recovery_codes_admin_user_id')
    .on('recovery_codes')
    .column('admin_user_id')
    .execute();
}
