import type { Kysely } from 'kysely';

/*
 * The people's-choice vote. `vote_codes` are the e-mailed one-time codes (hashes only),
 * `voter_sessions` the confirmed addresses' short-lived browser tokens (hashes only), `votes` one
 * row per vote. Each vote is counted once by constraint, not by a read before the write: a voter
 * votes for a work once (competition, voter, work) and holds at most the exhibition's number of
 * votes, as numbered slots (competition, voter, slot).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vote_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('vote_codes_email').on('vote_codes').column('email').execute();
  await db.schema
    .createTable('voter_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('votes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competition_id', 'text', (c) => c.notNull())
    .addColumn('work_id', 'text', (c) => c.notNull())
    .addColumn('submission_id', 'text', (c) => c.notNull())
    .addColumn('voter', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('address_tag', 'text', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('cast_at', 'text', (c) => c.notNull())
    .addColumn('voided_at', 'text')
    .addColumn('void_reason', 'text')
    .addColumn('voided_by', 'text')
    .addUniqueConstraint('votes_voter_work', ['competition_id', 'voter', 'work_id'])
    .addUniqueConstraint('votes_voter_slot', ['competition_id', 'voter', 'slot'])
    .execute();
  await db.schema
    .createIndex('votes_competition_cast_at')
    .on('votes')
    .columns(['competition_id', 'cast_at'])
    .execute();
}
