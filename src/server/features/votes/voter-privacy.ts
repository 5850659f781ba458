import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { createPeriodicJob } from '../../jobs/periodic-job.ts';
import type { Worker } from '../feature.ts';
import { deleteMessagesTo } from '../mail/mail.service.ts';
import { serverKey } from '../submissions/submissions.service.ts';
import {
  deleteExpiredVoteCodes,
  deleteVoteCodesOf,
  findCodeAddressesAt,
} from './vote-codes.repository.ts';
import { findVoteRecord } from './vote-exhibition.ts';
import {
  findAddressedVoters,
  findAddressedVotesAt,
  findCompetitionsWithAddresses,
  replaceVoterAddress,
} from './votes.repository.ts';
import { domainOf, keptDomainOf, removedAddressOf, VOTER_KEY, voterOf } from './voter-identity.ts';
import type { VotesDb } from './votes.tables.ts';

/*
 * How long a voter's address is kept. A vote is stored under a keyed hash of its voter (never the
 * address), so it can lose its address and still count, and its voter still cannot vote twice:
 * - erasing a person deletes the address's codes and voter tokens and removes the address from
 *   its votes (the +tags of the address too: they are one mailbox);
 * - a round every hour removes the addresses of a vote 90 days after its close (time to void,
 *   award and answer a complaint about the count), and deletes expired codes and tokens.
 * The address becomes a label per voter, the domain a tag unless it is a shared provider
 * (voter-identity.ts), so the admin's screen keeps its counts, clusters and award.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long after the vote's close its voters' addresses are kept. */
export const VOTER_ADDRESS_RETENTION_MS = 90 * DAY_MS;
export const VOTER_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

interface AddressedVoter {
  competition_id: string;
  voter: string;
  domain: string;
}

async function removeAddresses(db: VotesDb, key: Buffer, voters: readonly AddressedVoter[]) {
  const done = new Set<string>();
  for (const row of voters) {
    const id = `${row.competition_id}\n${row.voter}`;
    if (done.has(id)) continue;
    done.add(id);
    await replaceVoterAddress(
      db,
      { competitionId: row.competition_id, voter: row.voter },
      { email: removedAddressOf(row.voter), domain: keptDomainOf(key, row.domain) },
    );
  }
  return done.size;
}

/**
 * In the erasure's transaction: deletes the codes and voter tokens of `email` (and its +tags) and
 * removes the address from its votes, which go on counting. Answers how many votes lost it.
 */
export async function eraseVoter(trx: Kysely<DB>, email: string, now: Date): Promise<number> {
  const voter = voterOf(email);
  const domain = domainOf(email);
  const addresses = (await findCodeAddressesAt(trx, domain)).filter((a) => voterOf(a) === voter);
  await deleteVoteCodesOf(trx, addresses);
  // The code e-mails to its +tags (the erasure deletes those to the address itself).
  for (const address of addresses) await deleteMessagesTo(trx, address);
  const votes = (await findAddressedVotesAt(trx, domain)).filter((v) => voterOf(v.email) === voter);
  if (votes.length === 0) return 0;
  await removeAddresses(trx, await serverKey(trx, VOTER_KEY, now), votes);
  return votes.length;
}

/** When the competition's addresses may go: the close, or its last vote without one. */
async function keptFrom(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  competitionId: string,
  lastCastAt: string,
): Promise<number | null> {
  const record = await findVoteRecord(deps, competitionId);
  if (record?.voting.open) return null;
  const closesAt = record?.voting.closed ? record.voting.closesAt : null;
  return Date.parse(closesAt ?? lastCastAt);
}

/**
 * One round: deletes the codes and tokens past their expiry, and removes the addresses of the
 * votes whose competition closed more than the retention ago. Answers the voters forgotten.
 */
export async function forgetPastVoters(deps: Pick<Deps, 'db' | 'clock' | 'log'>): Promise<number> {
  const now = deps.clock.now();
  await deleteExpiredVoteCodes(deps.db, now.toISOString());
  let forgotten = 0;
  for (const row of await findCompetitionsWithAddresses(deps.db)) {
    const from = await keptFrom(deps, row.competition_id, row.last_cast_at ?? now.toISOString());
    if (from === null || now.getTime() - from < VOTER_ADDRESS_RETENTION_MS) continue;
    const key = await serverKey(deps.db, VOTER_KEY, now);
    forgotten += await deps.db.transaction().execute(async (trx) => {
      const voters = await findAddressedVoters(trx, row.competition_id);
      return removeAddresses(trx, key, voters);
    });
  }
  return forgotten;
}

/** The hourly round (several servers may run it: each change is the same whoever makes it). */
export function createVoterRetentionJob(deps: Pick<Deps, 'db' | 'clock' | 'log'>): Worker {
  return createPeriodicJob({
    name: 'Removing past voters’ addresses',
    intervalMs: VOTER_RETENTION_INTERVAL_MS,
    runAtStart: true,
    round: () => forgetPastVoters(deps),
    log: deps.log,
  });
}
