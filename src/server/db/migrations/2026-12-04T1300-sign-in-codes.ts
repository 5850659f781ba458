import type { Kysely } from 'kysely';

/*
 * Codes e-mailed to an account's owner so that a right password gets in from a new browser while
 * failures from elsewhere lock the account (only each code's hash is kept); and whether the
 * account's password is the one the server generated, which its admin is asked to change.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_user_id', 'text', (c) =>
      c.notNull().references('admin_users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('sign_in_codes_admin_user_id')
    .on('sign_in_codes')
    .column('admin_user_id')
    .execute();
  await db.schema
    .alterTable('admin_users')
    .addColumn('password_generated', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
