import type { Insertable } from 'kysely';
import type { VotesDb, VotesTable } from './votes.tables.ts';

/* The votes themselves: each counted once by the table's unique constraints. */

/**
 * Inserts the vote unless it breaks a unique constraint (the same work twice, or a slot taken):
 * true when it was written. The constraint decides, so two requests at once count once.
 */
export async function insertVoteOnce(db: VotesDb, row: Insertable<VotesTable>): Promise<boolean> {
  const written = await db
    .insertInto('votes')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return written !== undefined;
}

/** The voter's votes in a competition (voided ones too: a voided vote is not given back). */
export function findVotesOf(db: VotesDb, competitionId: string, voter: string) {
  return db
    .selectFrom('votes')
    .select(['id', 'work_id', 'slot'])
    .where('competition_id', '=', competitionId)
    .where('voter', '=', voter)
    .orderBy('slot')
    .execute();
}

/** Every vote of a competition, oldest first. */
export function findCompetitionVotes(db: VotesDb, competitionId: string) {
  return db
    .selectFrom('votes')
    .select([
      'id',
      'work_id',
      'email',
      'domain',
      'address_tag',
      'cast_at',
      'voided_at',
      'void_reason',
    ])
    .where('competition_id', '=', competitionId)
    .orderBy('cast_at')
    .orderBy('id')
    .execute();
}

/** Voids the competition's counted votes among `ids`; answers the ids voided. */
export async function voidVotes(
  db: VotesDb,
  competitionId: string,
  ids: readonly string[],
  change: { voided_at: string; void_reason: string; voided_by: string | null },
): Promise<string[]> {
  const rows = await db
    .updateTable('votes')
    .set(change)
    .where('competition_id', '=', competitionId)
    .where('id', 'in', ids)
    .where('voided_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/*
 * Removing addresses (voter-privacy.ts). A vote still holding its address is one whose `email`
 * has an '@'; once removed it holds a label without one.
 */

/** The votes at `domain` still holding their address, any competition. */
export function findAddressedVotesAt(db: VotesDb, domain: string) {
  return db
    .selectFrom('votes')
    .select(['competition_id', 'voter', 'email', 'domain'])
    .where('domain', '=', domain)
    .where('email', 'like', '%@%')
    .execute();
}

/** The competition's voters whose votes still hold their address. */
export function findAddressedVoters(db: VotesDb, competitionId: string) {
  return db
    .selectFrom('votes')
    .select(['competition_id', 'voter', 'domain'])
    .distinct()
    .where('competition_id', '=', competitionId)
    .where('email', 'like', '%@%')
    .execute();
}

/** The competitions with votes still holding an address, with their last vote. */
export function findCompetitionsWithAddresses(db: VotesDb) {
  return db
    .selectFrom('votes')
    .select(['competition_id'])
    .select((eb) => eb.fn.max('cast_at').as('last_cast_at'))
    .where('email', 'like', '%@%')
    .groupBy('competition_id')
    .execute();
}

/** Puts `change` in place of the address on every vote of the voter in the competition. */
export async function replaceVoterAddress(
  db: VotesDb,
  voter: { competitionId: string; voter: string },
  change: { email: string; domain: string },
): Promise<void> {
  await db
    .updateTable('votes')
    .set(change)
    .where('competition_id', '=', voter.competitionId)
    .where('voter', '=', voter.voter)
    .execute();
}
