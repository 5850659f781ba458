import type { Kysely } from 'kysely';

/*
 * The submissions review at 100,000 entries.
 * - submissions.search_text: the artist's name, e-mail and the reference, lower-cased by the
 *   server (in any script, which neither SQLite's LIKE nor a PostgreSQL in the C locale would do),
 *   so one LIKE finds them on both engines.
 * - Keyset paging, newest first, with and without a competition or a status: (created_at, id),
 *   (competition_id, created_at, id) and (status, created_at, id).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('submissions')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows = await db
    .selectFrom('submissions')
    .select(['id', 'full_name', 'email', 'reference'])
    .execute();
  for (const row of rows as { id: string; full_name: string; email: string; reference: string }[]) {
    await db
      .updateTable('submissions')
      .set({ search_text: searchTextOf(row.full_name, row.email, row.reference) })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema
    .createIndex('submissions_created_at_id')
    .on('submissions')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('submissions_competition_created_at_id')
    .on('submissions')
    .columns(['competition_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('submissions_status_created_at_id')
    .on('submissions')
    .columns(['status', 'created_at', 'id'])
    .execute();
  // The single-column indexes these cover. SQLite, which has no statistics here, chose the one
  // on status for a status filter and then sorted every matching row.
  await db.schema.dropIndex('submissions_created_at').execute();
  await db.schema.dropIndex('submissions_competition_id').execute();
  await db.schema.dropIndex('submissions_status').execute();
}

/** Kept here as it was when the migration was written: a migration never changes. */
function searchTextOf(fullName: string, email: string, reference: string): string {
  return `${fullName}\n${email}\n${reference}`.normalize('NFKC').toLowerCase();
}
