import type { Deps } from '../../deps.ts';
import { publishResults, saveAwards } from '../results/results.service.ts';
import {
  addCompetitionWithEntries,
  DEMO_ARTIST_EMAIL,
  DEMO_ARTIST_NAME,
  type DemoArtist,
} from './demo-entries.ts';
import { seedDemoFeedback } from './demo-feedback.ts';
import { findEntriesOf, hasMarker, insertMarker } from './demo.repository.ts';
import { DEMO_MARKER } from './seed-demo.ts';

/*
 * The results demo: with demo content, a competition that ended a month ago has its
 * results published (three awards, a certificate for every entry), so a newcomer sees how a
 * competition ends: the results page, the certificates, and the artists' choices about their names.
 */

const RESULTS_MARKER = 'demo_results_seeded_at';
export const DEMO_RESULTS_COMPETITION = 'City Lights 2026';

/**
 * The second artist won but asked for the name to be withheld; the fifth is never shown; the
 * fourth is the demo artist, who also entered the open competition of several works.
 */
const ARTISTS: readonly DemoArtist[] = [
  ['Aditi Deshpande', 'Neon Chai Stall', 'female', 31, 'name'],
  ['Rahul Verma', 'Last Metro Home', 'male', 44, 'anonymous'],
  ['Lakshmi Subramaniam', 'Marine Drive at Dusk', 'female', 57, 'name'],
  [DEMO_ARTIST_NAME, 'Crossing, Eleven at Night', 'male', 22, 'name', DEMO_ARTIST_EMAIL],
  ['Pooja Menon', 'Window Light, Bandra', 'female', 36, 'none'],
  ['Siddharth Ghosh', 'Howrah Bridge in Fog', 'male', 29, 'name'],
];

const AWARDS = [
  { artist: 0, title: 'First', prize: '₹25,000 and a solo show' },
  { artist: 1, title: 'Second', prize: '₹10,000' },
  { artist: 2, title: 'Third', prize: '₹5,000' },
];

type DemoDeps = Pick<
  Deps,
  | 'db'
  | 'storage'
  | 'settings'
  | 'clock'
  | 'log'
  | 'config'
  | 'entryTokens'
  | 'contentCache'
  | 'outbox'
  | 'imageWorker'
>;

/** Seeds the results demo once, into a site that has had demo content; answers whether it did. */
export async function seedDemoResults(deps: DemoDeps): Promise<boolean> {
  const { db } = deps;
  if (await hasMarker(db, RESULTS_MARKER)) return false;
  if (!(await hasMarker(db, DEMO_MARKER))) return false;
  const actor = { adminUserId: null, username: 'demo' };
  const now = deps.clock.now();
  const competitionId = await addCompetitionWithEntries(deps, now, {
    title: DEMO_RESULTS_COMPETITION,
    description:
      'The city after dark: streets, stations and windows lit at night, in any medium on paper. Its results are published.',
    startDay: -90,
    endDay: -30,
    artists: ARTISTS,
    describe: (title) => `${title}: drawn from life over several evenings.`,
    seed: 1000,
  });
  const ids = await findEntriesOf(db, competitionId);
  const idOf = (artist: number) =>
    ids.find((row) => row.full_name === ARTISTS[artist]?.[0])?.id ?? '';
  await saveAwards(
    deps,
    competitionId,
    {
      awards: AWARDS.map((a) => ({ submissionId: idOf(a.artist), title: a.title, prize: a.prize })),
    },
    actor,
  );
  await seedDemoFeedback(deps, competitionId, actor);
  await publishResults(deps, competitionId, actor, { emails: false, releaseFeedback: true });
  await insertMarker(db, RESULTS_MARKER, now.toISOString());
  return true;
}
