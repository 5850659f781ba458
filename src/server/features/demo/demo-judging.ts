import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type Actor, createAccount } from '../auth/auth.service.ts';
import { createRound, openRound, saveJudging } from '../jury/jury.service.ts';
import { addCompetitionWithEntries, type DemoArtist, type DemoDeps } from './demo-entries.ts';
import { findAccountByName, hasMarker, insertMarker } from './demo.repository.ts';
import { DEMO_MARKER } from './seed-demo.ts';

/*
 * The jury demo (DEMO_JUROR_PASSWORD): three jurors and a closed demo competition whose twelve
 * approved entries are in an open first round, so a newcomer sees judging at once. Entries are
 * written as registration writes them (private files, references); the accounts, the set-up and
 * the round go through the auth and jury services.
 */

const JURY_MARKER = 'demo_jury_seeded_at';
export const DEMO_JURY_COMPETITION = 'Monsoon Sketchbook 2026';
export const DEMO_JURORS = [
  { username: 'juror1', displayName: 'Juror One' },
  { username: 'juror2', displayName: 'Juror Two' },
  { username: 'juror3', displayName: 'Juror Three' },
] as const;
/** Who the audit log says made the demo's jurors and rounds. */
const DEMO_ACTOR_NAME = 'demo';

/** Days from the day of seeding: the competition ran for six weeks and closed three days ago. */
const START_DAY = -45;
const END_DAY = -3;

/**
 * Name, work, gender, age, and how each chose to be shown if the work wins: most by
 * name, two without it, one not at all, so the results page shows every case.
 */
const ARTISTS: readonly DemoArtist[] = [
  ['Meera Raghavan', 'Rain over the Ghats', 'female', 34, 'name'],
  ['Kabir Sethi', 'Umbrellas at the Market', 'male', 27, 'name'],
  ['Ananya Iyer', 'Paper Boats', 'female', 45, 'anonymous'],
  ['Rohan Malhotra', 'Wet Rooftops, Kochi', 'male', 19, 'name'],
  ['Ishita Banerjee', 'The Flooded Lane', 'female', 52, 'none'],
  ['Vikram Nair', 'Clouds over the Sahyadri', 'male', 23, 'name'],
  ['Tara Kulkarni', 'Chai Stall in the Rain', 'female', 38, 'name'],
  ['Arjun Pillai', 'Puddle Reflections', 'male', 61, 'name'],
  ['Nisha Choudhury', 'Fishermen Waiting', 'female', 29, 'anonymous'],
  ['Dev Rao', 'First Rain on the Terrace', 'male', 18, 'name'],
  ['Sana Qureshi', 'Banyan in a Downpour', 'female', 41, 'name'],
  ['Farhan Mistry', 'The Evening Local', 'male', 25, 'name'],
] as const;
/**
 * Seeds the jury demo once, into a site that has had demo content: a later start finds the marker
 * and does nothing, so a demo removed by an admin stays gone. Answers whether it seeded.
 */
export async function seedDemoJudging(deps: DemoDeps, password: string): Promise<boolean> {
  const { db } = deps;
  if (await hasMarker(db, JURY_MARKER)) return false;
  // A site that never had demo content is a real one: no made-up competition is added to it.
  if (!(await hasMarker(db, DEMO_MARKER))) return false;
  // The site itself acts: audited under the name 'demo', with no admin's account.
  const actor = { adminUserId: null, username: DEMO_ACTOR_NAME };
  const now = deps.clock.now();
  const panel = await ensureJurors(db, password, now);
  const competitionId = await addCompetitionWithEntries(deps, now, {
    title: DEMO_JURY_COMPETITION,
    description:
      'A sketchbook of the rains: streets, skies and people in the monsoon, in pencil, charcoal or ink. Judged by our demo jury.',
    startDay: START_DAY,
    endDay: END_DAY,
    artists: ARTISTS,
    describe: (title) => `A page from my monsoon sketchbook: ${title.toLowerCase()}.`,
    seed: 0,
  });
  await saveJudging(
    deps,
    competitionId,
    {
      criteria: [
        criterion('Composition', 'How the page is arranged: balance, focus, movement.', 2),
        criterion('Technique', 'Control of line, tone and the chosen medium.', 1),
      ],
      panel,
      jurorsPerEntry: 2,
      publishJury: true,
    },
    actor,
  );
  const round = await createRound(deps, competitionId, {}, actor);
  await openRound(deps, competitionId, round.id, actor);
  await insertMarker(db, JURY_MARKER, now.toISOString());
  return true;
}

const criterion = (name: string, description: string, weight: number) => ({
  name,
  description,
  weight,
  scaleMin: 1,
  scaleMax: 10,
  required: true,
});

/** juror1-juror3; one left by a start that stopped half-way is taken as it is. */
async function ensureJurors(db: Kysely<DB>, password: string, now: Date): Promise<string[]> {
  const actor: Actor = { adminUserId: null, username: DEMO_ACTOR_NAME };
  const ids: string[] = [];
  for (const { username, displayName } of DEMO_JURORS) {
    const existing = await findAccountByName(db, username);
    if (existing?.role === 'juror') {
      ids.push(existing.id);
      continue;
    }
    const juror = { displayName, email: `${username}@demo.invalid` };
    ids.push((await createAccount(db, { username, password, juror }, actor, now)).id);
  }
  return ids;
}
