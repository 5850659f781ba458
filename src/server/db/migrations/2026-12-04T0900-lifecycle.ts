import type { Kysely } from 'kysely';

/*
 * A competition's lifecycle (decision 021): a draft is seen by admins alone; entries close at a
 * time of the end date (null: the end of the day, as before); an admin may let one artist, by
 * e-mail, register after the close through a personal link valid until a chosen time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // 'HH:MM' in the site time zone, the last minute entries are taken on the end date.
  await db.schema.alterTable('competitions').addColumn('closing_time', 'text').execute();
  await db.schema
    .createTable('entry_extensions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    // Lower-cased: the registration's e-mail must be this one.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    // SHA-256 of the link's secret: the link itself is shown once, to the admin who made it.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('entry_extensions_competition_id')
    .on('entry_extensions')
    .column('competition_id')
    .execute();
  // The extension an entry was let in with after the close (shown on the admin's entry).
  await db.schema
    .alterTable('submissions')
    .addColumn('extension_id', 'text', (c) =>
      c.references('entry_extensions.id').onDelete('set null'),
    )
    .execute();
}
