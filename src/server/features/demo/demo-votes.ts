import type { Deps } from '../../deps.ts';
import { findPublicExhibition, getPublicExhibition } from '../exhibitions/exhibitions.service.ts';
import { awardPeoplesChoice, castVote } from '../votes/votes.service.ts';
import { DEMO_EXHIBITION_COMPETITION } from './demo-exhibitions.ts';
import { DEMO_RESULTS_COMPETITION } from './demo-results.ts';
import { findCompetitionIdByTitle, hasMarker, insertMarker } from './demo.repository.ts';

/*
 * The people's-choice demo: City Lights' vote, which closed weeks ago, was cast by made-up
 * visitors while it ran (the vote is given a clock inside its window) and its People's Choice
 * award given, with its certificate, the results being published; the open exhibition has a few
 * votes so far and takes more. Votes go through the votes feature as a visitor's would.
 */

const VOTES_MARKER = 'demo_votes_seeded_at';
const HOUR_MS = 60 * 60 * 1000;
/** City Lights' works by title and their votes: the last, without a jury award, wins. */
const CLOSED_VOTES: Record<string, number> = {
  'Neon Chai Stall': 9,
  'Last Metro Home': 3,
  'Marine Drive at Dusk': 6,
  'Crossing, Eleven at Night': 4,
  'Howrah Bridge in Fog': 14,
};
const OPEN_VOTES = [3, 2, 1];
const actor = { adminUserId: null, username: 'demo' };

type DemoDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'settings' | 'contentCache'>;

/** Casts `counts[i]` votes for the i-th work from made-up visitors, from `start` an hour apart. */
async function castDemoVotes(
  deps: DemoDeps,
  competitionId: string,
  votes: { workId: string; count: number }[],
  start: number,
  prefix: string,
) {
  let n = 0;
  for (const { workId, count } of votes) {
    for (let i = 0; i < count; i++) {
      n += 1;
      const at = new Date(start + n * HOUR_MS);
      const email = `${prefix}.visitor${n}@example.net`;
      await castVote(
        { ...deps, clock: { now: () => at } },
        competitionId,
        workId,
        email,
        `203.0.113.${n}`,
      );
    }
  }
}

/** Seeds the votes demo once, after the exhibitions demo; answers whether it did. */
export async function seedDemoVotes(deps: DemoDeps): Promise<boolean> {
  const { db } = deps;
  if (await hasMarker(db, VOTES_MARKER)) return false;
  const closedId = await findCompetitionIdByTitle(db, DEMO_RESULTS_COMPETITION);
  const openId = await findCompetitionIdByTitle(db, DEMO_EXHIBITION_COMPETITION);
  const closed = closedId ? await findPublicExhibition(deps, closedId) : null;
  const open = openId ? await findPublicExhibition(deps, openId) : null;
  if (!closedId || !openId || !closed?.voting.opensAt || !open?.voting.opensAt) return false;

  const closedWorks = (await getPublicExhibition(deps, closedId)).works;
  await castDemoVotes(
    deps,
    closedId,
    closedWorks.flatMap((w) => {
      const count = CLOSED_VOTES[w.title];
      return count ? [{ workId: w.workId, count }] : [];
    }),
    Date.parse(closed.voting.opensAt),
    'city',
  );
  await awardPeoplesChoice(deps, closedId, actor);

  const openWorks = (await getPublicExhibition(deps, openId)).works;
  await castDemoVotes(
    deps,
    openId,
    openWorks
      .slice(0, OPEN_VOTES.length)
      .map((w, i) => ({ workId: w.workId, count: OPEN_VOTES[i] ?? 0 })),
    Math.max(Date.parse(open.voting.opensAt), deps.clock.now().getTime() - 12 * HOUR_MS),
    'rooftops',
  );
  await insertMarker(db, VOTES_MARKER, deps.clock.now().toISOString());
  return true;
}
