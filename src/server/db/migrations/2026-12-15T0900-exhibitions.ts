import type { Kysely } from 'kysely';

/*
 * A competition's online exhibition (at most one) and the works chosen for it. The exhibition is
 * public from `opened_at` (null: still being prepared) and past after `ends_at`; visitors vote
 * between `voting_opens_at` and `voting_closes_at`, `votes_per_visitor` works each.
 * `display_image` holds the JSON of the work's published display copies (with the creator and
 * copyright in their metadata), null until they are made.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exhibitions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competition_id', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('opened_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('voting_opens_at', 'text')
    .addColumn('voting_closes_at', 'text')
    .addColumn('votes_per_visitor', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('exhibition_works')
    .addColumn('exhibition_id', 'text', (c) => c.notNull())
    .addColumn('work_id', 'text', (c) => c.notNull())
    .addColumn('submission_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('display_image', 'text')
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exhibition_works_pk', ['exhibition_id', 'work_id'])
    .execute();
  await db.schema
    .createIndex('exhibition_works_submission')
    .on('exhibition_works')
    .column('submission_id')
    .execute();
}
