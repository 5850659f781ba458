import type { Kysely } from 'kysely';

/*
 * A juror's feedback for the artist, beside the private comment: the admin may edit it or hide
 * it before Publish, and Publish says whether it reaches the artists. Defaults keep the previous
 * release's inserts valid: it writes none of these columns.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('jury_assignments')
    .addColumn('feedback', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('jury_assignments')
    .addColumn('feedback_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('results_publications')
    .addColumn('feedback_released', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
