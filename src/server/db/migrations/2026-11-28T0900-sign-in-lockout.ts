import type { Kysely } from 'kysely';

/*
 * Sign-in lockout (docs/decisions/014): browsers that signed in before ('known devices', only a
 * hash of each cookie's token is kept), and failures counted apart for a known device or a
 * signed-in session, so that failures from elsewhere never lock the real admin out.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('known_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_user_id', 'text', (c) =>
      c.notNull().references('admin_users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('known_devices_admin_user_id')
    .on('known_devices')
    .column('admin_user_id')
    .execute();
  // Null for a sign-in from an unknown device; otherwise the device's or the session's id.
  await db.schema.alterTable('login_failures').addColumn('device_id', 'text').execute();
  await db.schema.alterTable('login_failures').addColumn('session_id', 'text').execute();
  for (const column of ['device_id', 'session_id']) {
    await db.schema
      .createIndex(`login_failures_${column}`)
      .on('login_failures')
      .column(column)
      .execute();
  }
}
