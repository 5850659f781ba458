import type { Kysely } from 'kysely';

/*
 * Reminders: which were sent (one row per kind and subject, so two servers never send the same
 * one twice), the addresses that asked for no more, an optional end to a jury round, and headers
 * an outbox message carries (List-Unsubscribe). New tables and nullable columns: the previous
 * release neither reads nor writes them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reminders_sent')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminders_sent_pk', ['kind', 'subject_id'])
    .execute();
  await db.schema
    .createTable('reminder_unsubscribes')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('jury_rounds').addColumn('ends_at', 'text').execute();
  await db.schema.alterTable('email_outbox').addColumn('headers', 'text').execute();
}
