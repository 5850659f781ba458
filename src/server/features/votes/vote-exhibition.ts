import type { Deps } from '../../deps.ts';
import {
  type ExhibitionVotingState,
  findExhibitionAndWork,
  findExhibitionVoting,
  findPublicExhibition,
} from '../exhibitions/exhibitions.service.ts';

/*
 * What the vote needs of a competition's exhibition (its front door): the window, whose open and
 * closed the exhibition decides (one rule for the gallery and the vote), and its works.
 */

export interface VotingExhibition {
  votingOpensAt: string | null;
  votingClosesAt: string | null;
  votesPerVisitor: number;
  open: boolean;
  closed: boolean;
}

export interface ExhibitedWork {
  workId: string;
  submissionId: string;
  entryEmail: string;
}

type PublicExhibition = NonNullable<Awaited<ReturnType<typeof findPublicExhibition>>>;

const votingOf = (exhibition: PublicExhibition): VotingExhibition => ({
  votingOpensAt: exhibition.voting.opensAt,
  votingClosesAt: exhibition.voting.closesAt,
  votesPerVisitor: exhibition.votesPerVisitor,
  open: exhibition.voting.open,
  closed: exhibition.voting.closed,
});

/** The opened exhibition of the competition, or null: where a code is asked and a vote cast. */
export async function findVotingExhibition(
  deps: Pick<Deps, 'db' | 'clock'>,
  competitionId: string,
): Promise<VotingExhibition | null> {
  const exhibition = await findPublicExhibition(deps, competitionId);
  return exhibition ? votingOf(exhibition) : null;
}

/** The exhibition's voting and shown works whether or not it is opened: the admin's side. */
export const findVoteRecord = (
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  competitionId: string,
): Promise<ExhibitionVotingState | null> => findExhibitionVoting(deps, competitionId);

/**
 * The opened exhibition of the competition (or null) and `workId` if it shows it (or null): what a
 * vote checks, in one reading of the exhibition.
 */
export async function findVotingExhibitionAndWork(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  competitionId: string,
  workId: string,
): Promise<{ exhibition: VotingExhibition; work: ExhibitedWork | null } | null> {
  const found = await findExhibitionAndWork(deps, competitionId, workId);
  return found ? { exhibition: votingOf(found.exhibition), work: found.work } : null;
}
