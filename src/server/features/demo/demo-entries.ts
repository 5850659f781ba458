import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ageCategoryFor } from '../../../shared/domain/age-category.ts';
import { addDays, todayIn } from '../../../shared/domain/competition-status.ts';
import { PHOTO_PART } from '../../../shared/registration-request.ts';
import { DEFAULT_FORM_FIELDS } from '../../../shared/schemas/form-field.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import {
  claimFiles,
  discardUnclaimedFiles,
  displayKeyOf,
  type EncodedImage,
  encodePrivateImage,
  extensionOf,
  type FileToStore,
  largeKeyOf,
  storeResponsiveImage,
  storeUnclaimedFiles,
} from '../media/media.service.ts';
import { insertCategory } from '../categories/categories.service.ts';
import { insertCompetition } from '../competitions/competitions.service.ts';
import {
  insertSubmission,
  insertWorks,
  searchTextOf,
  submissionFolderOf,
  takeEntryReference,
} from '../submissions/submissions.service.ts';
import { drawDemoImage } from './demo-images.ts';
import { findCategoryByName, findSubcategoryId } from './demo.repository.ts';

/*
 * The demo's closed competitions and their approved entries, written as registration writes them
 * (private files with display copies, references), for the jury demo and the results demo.
 */

const CATEGORY = 'Drawing & Illustration';
const SUBCATEGORY = 'Pencil & Charcoal';
export const ARTWORK_FIELD = 'artworkUrl';
const DAY_MS = 24 * 60 * 60 * 1000;

type Palette = readonly [string, string, string];
const PALETTES: Palette[] = [
  ['#1e293b', '#475569', '#cbd5e1'],
  ['#0c4a6e', '#0891b2', '#a5f3fc'],
  ['#14532d', '#15803d', '#bbf7d0'],
  ['#3f3f46', '#a1a1aa', '#fafafa'],
];

const MEDIUMS = ['Graphite pencil', 'Charcoal', 'Ink and wash', 'Pencil with a watercolour wash'];
const SIZES = ['A4', 'A3', '30 × 40 cm'];

export type DemoDeps = Pick<Deps, 'db' | 'storage' | 'settings' | 'clock' | 'log' | 'imageWorker'>;

/**
 * The demo artist: entries in the open competition of several works and in the one with published
 * results, so "My entries" shows both. Sign in with this address; the code is in the Outbox.
 */
export const DEMO_ARTIST_EMAIL = 'artist@example.org';
export const DEMO_ARTIST_NAME = 'Imran Shaikh';

/** A made-up artist's address, unless it is the demo artist's. */
export const demoEmailOf = (fullName: string, email?: string) =>
  email ?? `${fullName.toLowerCase().replace(/ /g, '.')}@demo.invalid`;

/**
 * Name, work, gender, age, how the artist chose to be shown if the work wins, and an address
 * (made up from the name when left out).
 */
export type DemoArtist = readonly [
  string,
  string,
  'male' | 'female' | 'transgender',
  number,
  'name' | 'anonymous' | 'none',
  email?: string,
];

export interface DemoCompetition {
  title: string;
  description: string;
  /** Days from the day of seeding that it opened and closed. */
  startDay: number;
  endDay: number;
  artists: readonly DemoArtist[];
  /** The description each artist gave their work. */
  describe: (title: string) => string;
  /** Varies the drawn pictures from one demo competition to the next. */
  seed: number;
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

/**
 * An entry's artworks (one a work, each with its display copy) and photo, keyed as registration
 * keys them.
 */
export async function entryFiles(submissionId: string, index: number, seed: number, works = 1) {
  const palette = PALETTES[index % PALETTES.length] as Palette;
  const [photo, artworks] = await Promise.all([
    drawDemoImage(palette, 320, 320, seed + 201 + index).then((b) =>
      encodePrivateImage('photo', b),
    ),
    // The first work as every demo entry's; the others in the next palettes.
    Promise.all(
      Array.from({ length: works }, async (_, n) => {
        const colours = PALETTES[(index + n) % PALETTES.length] as Palette;
        const image = await drawDemoImage(colours, 800, 600, seed + 101 + index + 50 * n);
        return encodePrivateImage('artwork', image);
      }),
    ),
  ]);
  const folder = submissionFolderOf(submissionId);
  const name = (field: string, image: EncodedImage) =>
    `${folder}${field.toLowerCase()}-${randomBytes(4).toString('hex')}.${extensionOf(image)}`;
  const photoKey = name(PHOTO_PART, photo.main);
  const files = [fileOf(photoKey, photo.main)];
  const artworkKeys = artworks.map((artwork) => {
    const key = name(ARTWORK_FIELD, artwork.main);
    files.push(fileOf(key, artwork.main));
    if (artwork.large) files.push(fileOf(largeKeyOf(key), artwork.large));
    if (artwork.display) files.push(fileOf(displayKeyOf(key), artwork.display));
    return key;
  });
  return { artworkKeys, photoKey, files };
}

/** A closed competition and its approved entries, in one transaction with their files. */
export async function addCompetitionWithEntries(
  deps: DemoDeps,
  now: Date,
  spec: DemoCompetition,
): Promise<string> {
  const { startDay: START_DAY, endDay: END_DAY, artists: ARTISTS } = spec;
  const { db, storage } = deps;
  const { timeZone } = await deps.settings.getSettings();
  const today = todayIn(timeZone, now);
  const picture = async (width: number, height: number, seed: number) =>
    storeResponsiveImage(
      db,
      storage,
      await drawDemoImage(PALETTES[1] as Palette, width, height, seed),
      { worker: deps.imageWorker, now },
    );
  const [imageUrl, prizeImageUrl] = [
    await picture(1600, 900, spec.seed + 301),
    await picture(800, 800, spec.seed + 302),
  ];
  const entries = await Promise.all(
    ARTISTS.map(async (_, i) => {
      const id = randomUUID();
      return { id, ...(await entryFiles(id, i, spec.seed)) };
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
        title: spec.title,
        description: spec.description,
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
        const [fullName, title, gender, age, publication, address] = ARTISTS[i] as DemoArtist;
        // Entered every few days while it was open, approved the day after it closed.
        const entered = new Date(now.getTime() + (START_DAY + 2 + 3 * i) * DAY_MS);
        const reference = await takeEntryReference(trx, todayIn(timeZone, entered));
        const email = demoEmailOf(fullName, address);
        await insertSubmission(trx, {
          id: entry.id,
          reference,
          competition_id: competitionId,
          competition_title: spec.title,
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
          field_values: '{}',
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
        await insertWorks(trx, [
          {
            id: randomUUID(),
            submission_id: entry.id,
            position: 1,
            field_values: JSON.stringify({
              artworkTitle: title,
              [ARTWORK_FIELD]: entry.artworkKeys[0],
              medium: MEDIUMS[i % MEDIUMS.length],
              size: SIZES[i % SIZES.length],
              description: spec.describe(title),
            }),
            created_at: entered.toISOString(),
            updated_at: entered.toISOString(),
          },
        ]);
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
