import type { Kysely } from 'kysely';

/*
 * A competition's awards: which entries the admin names First, Second, Third or a
 * title of their own, with a prize, in display order. One award per entry; deleting the
 * competition or the entry removes its awards.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('awards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('prize', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('awards_competition_submission', ['competition_id', 'submission_id'])
    .execute();
  // Deleting an entry looks its awards up by submission.
  await db.schema
    .createIndex('awards_submission_id')
    .on('awards')
    .column('submission_id')
    .execute();
}
