import type { Deps } from '../../deps.ts';
import { exhibitedWorkOf } from './exhibited-work.ts';
import { findChosenWorks, findExhibitionRow } from './exhibitions.repository.ts';

/*
 * The one rule for a people's-choice window, and an exhibition's voting as the vote's admin side
 * reads it whether or not the exhibition is opened: taking an exhibition down must not hide its
 * vote, its voiding or its award.
 */

/**
 * Where a window stands at `now`: open only with both times set and now between them; closed once
 * the close has passed. No close is never "open forever".
 */
export function votingWindowAt(opensAt: string | null, closesAt: string | null, now: Date) {
  const at = now.getTime();
  const closed = closesAt !== null && at >= Date.parse(closesAt);
  const open = opensAt !== null && closesAt !== null && at >= Date.parse(opensAt) && !closed;
  return { open, closed };
}

/** A work the exhibition shows: chosen, its entry approved, its artist allowing publication. */
export interface VotingWork {
  workId: string;
  submissionId: string;
  title: string;
}

export interface ExhibitionVotingState {
  competitionId: string;
  opened: boolean;
  voting: {
    opensAt: string | null;
    closesAt: string | null;
    /** Votes are taken now: opened and within the window. */
    open: boolean;
    closed: boolean;
    votesPerVisitor: number;
  };
  works: VotingWork[];
}

/** The competition's exhibition's voting and shown works, opened or not; null without one. */
export async function findExhibitionVoting(
  deps: Pick<Deps, 'db' | 'clock' | 'log'>,
  competitionId: string,
): Promise<ExhibitionVotingState | null> {
  const row = await findExhibitionRow(deps.db, competitionId);
  if (!row) return null;
  const window = votingWindowAt(row.voting_opens_at, row.voting_closes_at, deps.clock.now());
  const works = (await findChosenWorks(deps.db, row.id))
    .map((r) => exhibitedWorkOf(r, deps.log))
    .filter((w) => w.consent !== 'none')
    .map((w) => ({ workId: w.workId, submissionId: w.submissionId, title: w.title }));
  const opened = row.opened_at !== null;
  return {
    competitionId,
    opened,
    voting: {
      opensAt: row.voting_opens_at,
      closesAt: row.voting_closes_at,
      open: opened && window.open,
      closed: window.closed,
      votesPerVisitor: Number(row.votes_per_visitor),
    },
    works,
  };
}
