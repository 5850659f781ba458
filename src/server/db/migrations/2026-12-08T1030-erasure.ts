import type { Kysely } from 'kysely';

/*
 * Artists' requests to be erased: the admin completes each within 30 days. `pending_key` holds the
 * address while the request waits (null once done), so one address has one request waiting even
 * when two arrive at once; a completed request keeps no address.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('erasure_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('pending_key', 'text', (c) => c.unique())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('completed_by', 'text')
    .addColumn('entries', 'integer')
    .execute();
}
