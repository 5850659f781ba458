import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ageCategoryFor } from '../../../shared/domain/age-category.ts';
import { addDays, todayIn } from '../../../shared/domain/competition-status.ts';
import { PHOTO_PART } from '../../../shared/registration-request.ts';
import { DEFAULT_FORM_FIELDS } from '../../../shared/schemas/form-field.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, createAccount } from '../auth/accounts.service.ts';
import { saveJudging } from '../jury/judging.service.ts';
import { createRound, openRound } from '../jury/rounds.service.ts';
import {
  displayKeyOf,
  type EncodedImage,
  encodePrivateImage,
  extensionOf,
} from '../media/private-images.service.ts';
import { storeResponsiveImage } from '../media/responsive-images.service.ts';
import {
  claimFiles,
  discardUnclaimedFiles,
  type FileToStore,
  storeUnclaimedFiles,
} from '../media/unclaimed-files.service.ts';
import {
  searchTextOf,
  submissionFolderOf,
  takeEntryReference,
} from '../submissions/submissions.service.ts';
import { drawDemoImage } from './demo-images.ts';
import {
  findAccountByName,
  findCategoryByName,
  findSubcategoryId,
  hasMarker,
  insertCategory,
  insertCompetition,
  insertMarker,
  insertSubmission,
} from './demo-judging.repository.ts';
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

const CATEGORY = 'Drawing & Illustration';
const SUBCATEGORY = 'Pencil & Charcoal';
const ARTWORK_FIELD = 'artworkUrl';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Days from the day of seeding: the competition ran for six weeks and closed three days ago. */
const START_DAY = -45;
const END_DAY = -3;

type Palette = readonly [string, string, string];
const PALETTES: Palette[] = [
  ['#1e293b', '#475569', '#cbd5e1'],
  ['#0c4a6e', '#0891b2', '#a5f3fc'],
  ['#14532d', '#15803d', '#bbf7d0'],
  ['#3f3f46', '#a1a1aa', '#fafafa'],
];

/**
 * Name, work, gender, age, and how each chose to be shown if the work wins (issue 23): most by
 * name, two without it, one not at all, so the results page shows every case.
 */
const ARTISTS = [
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
const MEDIUMS = ['Graphite pencil', 'Charcoal', 'Ink and wash', 'Pencil with a watercolour wash'];
const SIZES = ['A4', 'A3', '30 × 40 cm'];

type DemoDeps = Pick<Deps, 'db' | 'storage' | 'settings' | 'clock' | 'log'>;

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
  const competitionId = await addCompetitionWithEntries(deps, now);
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

/** The demo category the competition is in, made again if an admin has removed it. */
async function demoCategory(db: Kysely<DB>, now: Date) {
  const found = await findCategoryByName(db, CATEGORY);
  if (found) {
    return { id: found.id, subcategoryId: await findSubcategoryId(db, found.id, SUBCATEGORY) };
  }
  const id = randomUUID();
  const stamp = now.toISOString();
  await insertCategory(db, {
    id,
    name: CATEGORY,
    form_fields: JSON.stringify(DEFAULT_FORM_FIELDS),
    created_at: stamp,
    updated_at: stamp,
  });
  return { id, subcategoryId: null };
}

const fileOf = (key: string, image: EncodedImage): FileToStore => ({
  key,
  data: image.data,
  contentType: image.contentType,
});

/** An entry's artwork (with its display copy) and photo, keyed as registration keys them. */
async function entryFiles(submissionId: string, index: number) {
  const palette = PALETTES[index % PALETTES.length] as Palette;
  const [artwork, photo] = await Promise.all([
    drawDemoImage(palette, 800, 600, 101 + index).then((b) => encodePrivateImage('artwork', b)),
    drawDemoImage(palette, 320, 320, 201 + index).then((b) => encodePrivateImage('photo', b)),
  ]);
  const folder = submissionFolderOf(submissionId);
  const name = (field: string, image: EncodedImage) =>
    `${folder}${field.toLowerCase()}-${randomBytes(4).toString('hex')}.${extensionOf(image)}`;
  const artworkKey = name(ARTWORK_FIELD, artwork.main);
  const photoKey = name(PHOTO_PART, photo.main);
  const files = [fileOf(artworkKey, artwork.main), fileOf(photoKey, photo.main)];
  if (artwork.display) files.push(fileOf(displayKeyOf(artworkKey), artwork.display));
  return { artworkKey, photoKey, files };
}

/** The closed competition and its twelve approved entries, in one transaction with their files. */
async function addCompetitionWithEntries(deps: DemoDeps, now: Date): Promise<string> {
  const { db, storage } = deps;
  const { timeZone } = await deps.settings.getSettings();
  const today = todayIn(timeZone, now);
  const picture = async (width: number, height: number, seed: number) =>
    storeResponsiveImage(
      db,
      storage,
      await drawDemoImage(PALETTES[1] as Palette, width, height, seed),
    );
  const [imageUrl, prizeImageUrl] = [await picture(1600, 900, 301), await picture(800, 800, 302)];
  const entries = await Promise.all(
    ARTISTS.map(async (_, i) => {
      const id = randomUUID();
      return { id, ...(await entryFiles(id, i)) };
    }),
  );
  const files = entries.flatMap((e) => e.files);
  await storeUnclaimedFiles(deps, files, now);
  try {
    return await db.transaction().execute(async (trx) => {
      const category = await demoCategory(trx, now);
      const competitionId = randomUUID();
      const stamp = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
      await insertCompetition(trx, {
        id: competitionId,
        title: DEMO_JURY_COMPETITION,
        description:
          'A sketchbook of the rains: streets, skies and people in the monsoon, in pencil, charcoal or ink. Judged by our demo jury.',
        image_url: imageUrl,
        prize_image_url: prizeImageUrl,
        category_id: category.id,
        subcategory_id: category.subcategoryId,
        start_date: addDays(today, START_DAY),
        end_date: addDays(today, END_DAY),
        entry_type: 'free',
        entry_fee: 0,
        created_at: stamp(START_DAY - 5),
        updated_at: stamp(START_DAY - 5),
      });
      for (const [i, entry] of entries.entries()) {
        const [fullName, title, gender, age, publication] = ARTISTS[i] as (typeof ARTISTS)[number];
        // Entered every few days while it was open, approved the day after it closed.
        const entered = new Date(now.getTime() + (START_DAY + 2 + 3 * i) * DAY_MS);
        const reference = await takeEntryReference(trx, todayIn(timeZone, entered));
        const email = `${fullName.toLowerCase().replace(/ /g, '.')}@demo.invalid`;
        await insertSubmission(trx, {
          id: entry.id,
          reference,
          competition_id: competitionId,
          competition_title: DEMO_JURY_COMPETITION,
          category_id: category.id,
          subcategory_id: category.subcategoryId,
          full_name: fullName,
          age,
          age_category: ageCategoryFor(age) as string,
          gender,
          email,
          phone: `+91 11 5555 01${String(i + 10)}`,
          address: `${i + 1} Demo Lane, Example Nagar, Pune, India`,
          pincode: '411001',
          photo_key: entry.photoKey,
          field_values: JSON.stringify({
            artworkTitle: title,
            [ARTWORK_FIELD]: entry.artworkKey,
            medium: MEDIUMS[i % MEDIUMS.length],
            size: SIZES[i % SIZES.length],
            description: `A page from my monsoon sketchbook: ${title.toLowerCase()}.`,
          }),
          entry_type: 'free',
          entry_fee: 0,
          status: 'approved',
          payment_status: 'paid',
          idempotency_key: null,
          idempotency_hash: null,
          consent_at: entered.toISOString(),
          publication_consent: publication,
          publication_consent_at: entered.toISOString(),
          guardian_name: null,
          guardian_consent_at: null,
          search_text: searchTextOf({ fullName, email, reference }),
          created_at: entered.toISOString(),
          updated_at: stamp(END_DAY + 1),
        });
      }
      await claimFiles(
        trx,
        files.map((f) => f.key),
      );
      return competitionId;
    });
  } catch (error) {
    await discardUnclaimedFiles(
      deps,
      files.map((f) => f.key),
    );
    throw error;
  }
}
