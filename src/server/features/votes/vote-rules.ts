import { VOTE_MESSAGES } from '../../../shared/schemas/votes.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { findVoteRecord, findVotingExhibition, type VotingExhibition } from './vote-exhibition.ts';

/* The competition's exhibition and its voting window, as every vote route checks them. */

const noExhibition = () => new AppError(404, 'NO_EXHIBITION', VOTE_MESSAGES.noExhibition);

/** The exhibition if its vote is open; else 404, or 409 VOTING_NOT_OPEN / VOTING_CLOSED. */
export function votingOpen(exhibition: VotingExhibition | null | undefined): VotingExhibition {
  if (!exhibition) throw noExhibition();
  if (exhibition.closed) throw new AppError(409, 'VOTING_CLOSED', VOTE_MESSAGES.closed);
  if (!exhibition.open) throw new AppError(409, 'VOTING_NOT_OPEN', VOTE_MESSAGES.notOpen);
  return exhibition;
}

/** The opened exhibition, or 409 VOTING_NOT_OPEN before its window and VOTING_CLOSED after it. */
export async function requireVotingOpen(deps: Pick<Deps, 'db' | 'clock'>, competitionId: string) {
  return votingOpen(await findVotingExhibition(deps, competitionId));
}

/** The exhibition's vote, opened or taken down (the admin's screens), or 404. */
export async function requireVoteRecord(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  competitionId: string,
) {
  const record = await findVoteRecord(deps, competitionId);
  if (!record) throw noExhibition();
  return record;
}

/** The vote once its window has closed, or 409 VOTING_NOT_CLOSED (counts stay hidden). */
export async function requireVotingClosed(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  competitionId: string,
) {
  const record = await requireVoteRecord(deps, competitionId);
  if (!record.voting.closed) {
    throw new AppError(409, 'VOTING_NOT_CLOSED', VOTE_MESSAGES.countsHidden);
  }
  return record;
}
