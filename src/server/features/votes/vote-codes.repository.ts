import type { Insertable } from 'kysely';
import { deleteOneTimeCodesBefore } from '../../one-time-codes.ts';
import type { VoteCodesTable, VoterSessionsTable, VotesDb } from './votes.tables.ts';

/*
 * The vote's e-mailed codes and the confirmed browsers' tokens (vote-codes.ts): hashes only.
 * Finding, trying, using and deleting the codes is server/one-time-codes.ts, over vote_codes.
 */

export async function insertVoteCode(db: VotesDb, row: Insertable<VoteCodesTable>): Promise<void> {
  await db.insertInto('vote_codes').values(row).execute();
}

/** Codes and tokens expired before `before` are of no use to anyone. */
export async function deleteExpiredVoteCodes(db: VotesDb, before: string): Promise<void> {
  await deleteOneTimeCodesBefore(db, { table: 'vote_codes' }, new Date(before));
  await db.deleteFrom('voter_sessions').where('expires_at', '<', before).execute();
}

/** The addresses at `domain` that codes or voter tokens are stored for (the erasure's search). */
export async function findCodeAddressesAt(db: VotesDb, domain: string): Promise<string[]> {
  const pattern = `%@${domain}`;
  const codes = await db
    .selectFrom('vote_codes')
    .select('email')
    .where('email', 'like', pattern)
    .execute();
  const sessions = await db
    .selectFrom('voter_sessions')
    .select('email')
    .where('email', 'like', pattern)
    .execute();
  return [...new Set([...codes, ...sessions].map((row) => row.email))];
}

/** Deletes every code and voter token of `emails`. */
export async function deleteVoteCodesOf(db: VotesDb, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await db.deleteFrom('vote_codes').where('email', 'in', emails).execute();
  await db.deleteFrom('voter_sessions').where('email', 'in', emails).execute();
}

export async function insertVoterSession(
  db: VotesDb,
  row: Insertable<VoterSessionsTable>,
): Promise<void> {
  await db.insertInto('voter_sessions').values(row).execute();
}

/** The confirmed address of a live token, or undefined. */
export async function findVoterSession(db: VotesDb, tokenHash: string, now: string) {
  const row = await db
    .selectFrom('voter_sessions')
    .select('email')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.email;
}
