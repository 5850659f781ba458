import type { Kysely } from 'kysely';

/*
 * Ranking rounds: a round is scored or ranked; in a ranked round each juror orders the
 * shortlist on one ballot (a JSON array of the round's aliases, best first), kept until the juror
 * or the round goes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('jury_rounds')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('score'))
    .execute();
  await db.schema
    .createTable('jury_ballots')
    .addColumn('round_id', 'text', (c) =>
      c.notNull().references('jury_rounds.id').onDelete('cascade'),
    )
    .addColumn('juror_id', 'text', (c) =>
      c.notNull().references('admin_users.id').onDelete('cascade'),
    )
    .addColumn('ranking', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('jury_ballots_pk', ['round_id', 'juror_id'])
    .execute();
  // Deleting a juror looks their ballots up by juror.
  await db.schema
    .createIndex('jury_ballots_juror_id')
    .on('jury_ballots')
    .column('juror_id')
    .execute();
}
