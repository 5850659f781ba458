import type { Deps } from '../../deps.ts';
import {
  chooseExhibitionWorks,
  findExhibitionWork,
  getPublicExhibition,
  markWorkForSale,
  saveExhibition,
  setExhibitionOpen,
} from '../exhibitions/exhibitions.service.ts';
import { addCompetitionWithEntries, type DemoArtist } from './demo-entries.ts';
import { findCompetitionIdByTitle, hasMarker, insertMarker } from './demo.repository.ts';
import { DEMO_RESULTS_COMPETITION } from './demo-results.ts';
import { DEMO_MARKER } from './seed-demo.ts';

/*
 * The exhibitions demo: the competition with published results has its exhibition, whose vote
 * closed before the results; and an open competition has an exhibition whose vote is open now,
 * with one work for sale, so a visitor can browse, vote and enquire.
 */

const EXHIBITIONS_MARKER = 'demo_exhibitions_seeded_at';
export const DEMO_EXHIBITION_COMPETITION = 'Rooftops and Rain 2026';
export const DEMO_FOR_SALE_PRICE = 18_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const ARTISTS: readonly DemoArtist[] = [
  ['Meera Nair', 'Terrace Garden in August', 'female', 34, 'name'],
  ['Arjun Kulkarni', 'Wet Tin Roofs', 'male', 27, 'name'],
  ['Farah Siddiqui', 'Umbrellas, Crawford Market', 'female', 41, 'anonymous'],
  ['Vikram Joshi', 'Water Tank at Noon', 'male', 52, 'none'],
];

type DemoDeps = Pick<
  Deps,
  'db' | 'storage' | 'settings' | 'clock' | 'log' | 'contentCache' | 'imageQueue' | 'imageWorker'
>;

const actor = { adminUserId: null, username: 'demo' };

async function openExhibition(
  deps: DemoDeps,
  competitionId: string,
  details: { title: string; introduction: string; votingFrom: number; votingTo: number },
) {
  const now = deps.clock.now().getTime();
  const at = (days: number) => new Date(now + days * DAY_MS).toISOString();
  await saveExhibition(
    deps,
    competitionId,
    {
      title: details.title,
      introduction: details.introduction,
      votingOpensAt: at(details.votingFrom),
      votingClosesAt: at(details.votingTo),
      votesPerVisitor: 1,
    },
    actor,
  );
  // Its display copies are made by the exhibitions' worker once the app runs: no slower start.
  await chooseExhibitionWorks(deps, competitionId, { source: 'approved' }, actor);
  await setExhibitionOpen(deps, competitionId, true, actor);
}

/** Seeds the exhibitions demo once, into a site with demo content; answers whether it did. */
export async function seedDemoExhibitions(deps: DemoDeps): Promise<boolean> {
  const { db } = deps;
  if (await hasMarker(db, EXHIBITIONS_MARKER)) return false;
  if (!(await hasMarker(db, DEMO_MARKER))) return false;
  const published = await findCompetitionIdByTitle(db, DEMO_RESULTS_COMPETITION);
  if (published) {
    await openExhibition(deps, published, {
      title: 'City Lights: the exhibition',
      introduction:
        'The works of City Lights 2026 whose artists allowed them to be shown. The people’s choice vote has closed.',
      votingFrom: -45,
      votingTo: -31,
    });
  }
  const now = deps.clock.now();
  const open = await addCompetitionWithEntries(deps, now, {
    title: DEMO_EXHIBITION_COMPETITION,
    description:
      'Rooftops, terraces and water tanks in the rain, in any medium. Its exhibition is open and the people’s choice vote with it.',
    startDay: -14,
    endDay: 40,
    artists: ARTISTS,
    describe: (title) => `${title}: painted over a wet week.`,
    seed: 2000,
  });
  await openExhibition(deps, open, {
    title: 'Rooftops and Rain: the exhibition',
    introduction:
      'Works entered so far, shown while the competition runs. Vote for your favourite.',
    votingFrom: -1,
    votingTo: 14,
  });
  const first = (await getPublicExhibition(deps, open)).works[0];
  const owner = first && (await findExhibitionWork(deps, open, first.workId));
  if (owner) {
    await markWorkForSale(deps, owner.entryEmail, owner.workId, { price: DEMO_FOR_SALE_PRICE });
  }
  await insertMarker(db, EXHIBITIONS_MARKER, now.toISOString());
  return true;
}
