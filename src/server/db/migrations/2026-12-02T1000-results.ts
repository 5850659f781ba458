import type { Kysely } from 'kysely';

/*
 * Published results: whether a competition's results are public, and one certificate
 * per approved entry, made at its first publication. The certificate row is also the mark that
 * its artist was sent the results e-mail: a second Publish (a double click, another server, or
 * after an Unpublish) finds it and writes nothing again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('results_publications')
    .addColumn('competition_id', 'text', (c) =>
      c.primaryKey().references('competitions.id').onDelete('cascade'),
    )
    // Null while unpublished.
    .addColumn('published_at', 'text')
    .addColumn('first_published_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('results_publications_published_at')
    .on('results_publications')
    .column('published_at')
    .execute();
  await db.schema
    .createTable('certificates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().unique().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    // 'merit' (an award) or 'participation'; the award's title when merit.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('award', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    // The calendar date printed on it, in the site's time zone: its first publication.
    .addColumn('issued_on', 'text', (c) => c.notNull())
    // The stored PDF and a hash of what it was made from; made again when that changes.
    .addColumn('file_key', 'text')
    .addColumn('file_inputs', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('certificates_competition_id')
    .on('certificates')
    .column('competition_id')
    .execute();
}
