import { type Kysely, sql } from 'kysely';

/*
 * An entry holds one or more works: each work's answers (title, picture, medium…) live in
 * `entry_works`, and the submission keeps only the answers asked once per entry. Every entry made
 * before becomes one work holding all its answers, under the entry's own id (so what the jury
 * recorded about the entry can be moved onto its work by copying). Competitions say how many
 * works an entry holds; 1 and 1 is the form as it was.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('entry_works')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submissions.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('field_values', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('entry_works_position_unique', ['submission_id', 'position'])
    .execute();
  await sql`
    insert into entry_works (id, submission_id, position, field_values, created_at, updated_at)
    select id, id, 1, field_values, created_at, updated_at from submissions
  `.execute(db);
  await db.updateTable('submissions').set({ field_values: '{}' }).execute();
  await db.schema
    .alterTable('competitions')
    .addColumn('min_works', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('competitions')
    .addColumn('max_works', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
