import { randomUUID } from 'node:crypto';
import { type MyVotes, VOTE_MESSAGES } from '../../../shared/schemas/votes.ts';
import type { Deps } from '../../deps.ts';
import { serverKey } from '../submissions/submissions.service.ts';
import { AppError, invalidField } from '../../errors.ts';
import {
  networkOf,
  type RateLimit,
  takeRateLimitHit,
  tooManyMessage,
} from '../rate-limits/rate-limits.service.ts';
import { findVotingExhibition, findVotingExhibitionAndWork } from './vote-exhibition.ts';
import { votingOpen } from './vote-rules.ts';
import { findVotesOf, insertVoteOnce } from './votes.repository.ts';
import {
  ADDRESS_TAG_KEY,
  addressTagOf,
  domainOf,
  isLastingAddress,
  isSharedProvider,
  sha256,
  VOTER_KEY,
  voterOf,
  voterPseudonymOf,
} from './voter-identity.ts';

/*
 * A confirmed visitor's vote. Counted once by the table's constraints, not by a read before the
 * write: the same work twice breaks (competition, voter, work), and the voter's votes are slots
 * 1..N, (competition, voter, slot) unique, so two votes at once can never both take the last one.
 */

const HOUR_MS = 60 * 60 * 1000;

/** Votes from one client address: a household or a classroom, not a script. */
export const VOTES_PER_ADDRESS: RateLimit = {
  scope: 'vote-ip',
  max: 30,
  windowMs: HOUR_MS,
  message: tooManyMessage('votes from this connection'),
};
/** Votes from one organisation's e-mail domain (shared providers are not limited). */
export const VOTES_PER_DOMAIN: RateLimit = {
  scope: 'vote-domain',
  max: 300,
  windowMs: HOUR_MS,
  message: tooManyMessage('votes from this e-mail domain'),
};

/** The voter as the votes store it (a keyed hash, never the address; voter-identity.ts). */
async function storedVoterOf(
  deps: Pick<Deps, 'db'>,
  competitionId: string,
  email: string,
  now: Date,
): Promise<string> {
  const key = await serverKey(deps.db, VOTER_KEY, now);
  return voterPseudonymOf(key, competitionId, voterOf(email));
}

const notConfirmed = () => new AppError(401, 'VOTER_NOT_CONFIRMED', VOTE_MESSAGES.notConfirmed);

/** Casts the confirmed `email`'s vote for `workId`; answers how many votes it has left. */
export async function castVote(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  competitionId: string,
  workId: string,
  email: string | undefined,
  clientAddress: string,
): Promise<{ votesLeft: number }> {
  if (!email) throw notConfirmed();
  const { db } = deps;
  const found = await findVotingExhibitionAndWork(deps, competitionId, workId);
  const exhibition = votingOpen(found?.exhibition);
  const work = found?.work;
  if (!work) throw invalidField('workId', VOTE_MESSAGES.workNotInExhibition);
  if (voterOf(work.entryEmail) === voterOf(email)) {
    throw new AppError(409, 'OWN_ENTRY', VOTE_MESSAGES.ownEntry);
  }
  if (!isLastingAddress(email)) throw invalidField('email', VOTE_MESSAGES.disposable);
  const now = deps.clock.now();
  const voter = await storedVoterOf(deps, competitionId, email, now);
  const mine = await findVotesOf(db, competitionId, voter);
  if (mine.some((v) => v.work_id === workId)) {
    throw new AppError(409, 'ALREADY_VOTED', VOTE_MESSAGES.alreadyVoted);
  }
  const max = exhibition.votesPerVisitor;
  if (mine.length >= max) throw new AppError(409, 'NO_VOTES_LEFT', VOTE_MESSAGES.noVotesLeft);
  await takeRateLimitHit(db, VOTES_PER_ADDRESS, clientAddress, undefined, now);
  const domain = domainOf(email);
  if (!isSharedProvider(domain)) {
    await takeRateLimitHit(db, VOTES_PER_DOMAIN, sha256(domain), undefined, now);
  }
  const tagKey = await serverKey(db, ADDRESS_TAG_KEY, now);
  // The reads above only give the message early: the constraints decide. A slot another request
  // took a moment ago sends this one to the next; the same work twice is refused.
  for (let slot = mine.length + 1; slot <= max; slot++) {
    const written = await insertVoteOnce(db, {
      id: randomUUID(),
      competition_id: competitionId,
      work_id: work.workId,
      submission_id: work.submissionId,
      voter,
      email,
      domain,
      address_tag: addressTagOf(tagKey, networkOf(clientAddress)),
      slot,
      cast_at: now.toISOString(),
      voided_at: null,
      void_reason: null,
      voided_by: null,
    });
    if (written) return { votesLeft: max - slot };
    const again = await findVotesOf(db, competitionId, voter);
    if (again.some((v) => v.work_id === workId)) {
      throw new AppError(409, 'ALREADY_VOTED', VOTE_MESSAGES.alreadyVoted);
    }
  }
  throw new AppError(409, 'NO_VOTES_LEFT', VOTE_MESSAGES.noVotesLeft);
}

/** The browser's confirmed address and its votes in the competition. */
export async function myVotes(
  deps: Pick<Deps, 'db' | 'clock'>,
  competitionId: string,
  email: string | undefined,
): Promise<MyVotes> {
  const exhibition = await findVotingExhibition(deps, competitionId);
  const max = exhibition?.votesPerVisitor ?? 0;
  if (!email) return { email: null, workIds: [], votesLeft: max };
  const voter = await storedVoterOf(deps, competitionId, email, deps.clock.now());
  const mine = await findVotesOf(deps.db, competitionId, voter);
  return {
    email,
    workIds: mine.map((v) => v.work_id),
    votesLeft: Math.max(0, max - mine.length),
  };
}
