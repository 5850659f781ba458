import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ageCategoryFor } from '../../../shared/domain/age-category.ts';
import { todayIn } from '../../../shared/domain/competition-status.ts';
import type { DB } from '../../db/schema.ts';
import {
  insertDiscountCode,
  priceColumnsOf,
  priceEntry,
  recordCodeUse,
} from '../codes/codes.service.ts';
import { claimFiles, discardUnclaimedFiles, storeUnclaimedFiles } from '../media/media.service.ts';
import {
  insertSubmission,
  insertWorks,
  searchTextOf,
  takeEntryReference,
} from '../submissions/submissions.service.ts';
import {
  ARTWORK_FIELD,
  DEMO_ARTIST_EMAIL,
  DEMO_ARTIST_NAME,
  type DemoDeps,
  demoEmailOf,
  entryFiles,
} from './demo-entries.ts';

/*
 * The demo's competition of several works: open, up to three works an entry, an early-bird price
 * for the first days after seeding, a fee for each further work, and the code WELCOME20 (20 %
 * off). Three artists have entered it already, with three, two and one works, priced as
 * registration prices them (one with the code); they await their payment and the review. The
 * third is the demo artist, whose other entry is in the competition with published results.
 */

export const DEMO_CODE = 'WELCOME20';
const EARLY_BIRD_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The competition's columns beyond its fee: works an entry, and its prices. */
export function demoWorksColumns(now: Date) {
  return {
    min_works: 1,
    max_works: 3,
    further_work_fee: 99,
    early_bird_fee: 149,
    early_bird_further_fee: 79,
    early_bird_until: new Date(now.getTime() + EARLY_BIRD_DAYS * DAY_MS).toISOString(),
  };
}

const ARTISTS = [
  {
    name: 'Kavya Iyer',
    age: 29,
    gender: 'female',
    code: true,
    works: ['Grandmother at the Window', 'Chai Seller, Mylapore', 'Festival Morning'],
  },
  {
    name: 'Arjun Malhotra',
    age: 41,
    gender: 'male',
    code: false,
    works: ['The Potter', 'Twins at Holi'],
  },
  {
    name: DEMO_ARTIST_NAME,
    age: 22,
    gender: 'male',
    code: false,
    works: ['Self-Portrait in Indigo'],
    email: DEMO_ARTIST_EMAIL,
  },
] as const satisfies readonly {
  name: string;
  age: number;
  gender: string;
  code: boolean;
  works: readonly string[];
  email?: string;
}[];
const MEDIUMS = ['Graphite pencil', 'Charcoal', 'Pencil and charcoal'];

/** The entries' pictures, drawn and stored before the seed's transaction claims them. */
export async function prepareWorksEntries(deps: DemoDeps, now: Date) {
  const entries = await Promise.all(
    ARTISTS.map(async (artist, i) => {
      const id = randomUUID();
      return { id, artist, ...(await entryFiles(id, i, 2000, artist.works.length)) };
    }),
  );
  const keys = entries.flatMap((e) => e.files.map((f) => f.key));
  await storeUnclaimedFiles(
    deps,
    entries.flatMap((e) => e.files),
    now,
  );
  return { entries, discard: () => discardUnclaimedFiles(deps, keys), keys };
}

type Prepared = Awaited<ReturnType<typeof prepareWorksEntries>>;

/** The code and the entries, inside the seed's transaction, the competition just inserted. */
export async function insertWorksEntries(
  trx: Kysely<DB>,
  prepared: Prepared,
  competition: { id: string; title: string; category_id: string; subcategory_id: string | null },
  at: { now: Date; timeZone: string },
) {
  await insertDiscountCode(trx, {
    id: randomUUID(),
    code: DEMO_CODE,
    kind: 'percent',
    value: 20,
    competition_id: competition.id,
    max_uses: null,
    expires_at: null,
    created_by: 'demo',
    created_at: at.now.toISOString(),
  });
  for (const [i, entry] of prepared.entries.entries()) {
    const { artist } = entry;
    // Entered a day apart in the last days, at the early-bird price.
    const entered = new Date(at.now.getTime() - (prepared.entries.length - i) * DAY_MS);
    const email = demoEmailOf(artist.name, 'email' in artist ? artist.email : undefined);
    const priced = await priceEntry(trx, {
      competitionId: competition.id,
      works: artist.works.length,
      code: artist.code ? DEMO_CODE : undefined,
      email,
      now: entered,
    });
    const reference = await takeEntryReference(trx, todayIn(at.timeZone, entered));
    const stamp = entered.toISOString();
    await insertSubmission(trx, {
      id: entry.id,
      reference,
      competition_id: competition.id,
      competition_title: competition.title,
      category_id: competition.category_id,
      subcategory_id: competition.subcategory_id,
      full_name: artist.name,
      age: artist.age,
      age_category: ageCategoryFor(artist.age) as string,
      gender: artist.gender,
      email,
      phone: `+91 11 5555 02${String(i + 10)}`,
      address: `${i + 1} Demo Lane, Example Nagar, Jaipur, India`,
      pincode: '302001',
      photo_key: entry.photoKey,
      field_values: '{}',
      entry_type: 'paid',
      ...priceColumnsOf(priced),
      status: 'pending',
      payment_status: 'pending',
      idempotency_key: null,
      idempotency_hash: null,
      consent_at: stamp,
      publication_consent: 'name',
      publication_consent_at: stamp,
      guardian_name: null,
      guardian_consent_at: null,
      search_text: searchTextOf({ fullName: artist.name, email, reference }),
      created_at: stamp,
      updated_at: stamp,
    });
    await recordCodeUse(trx, priced, {
      submissionId: entry.id,
      competitionId: competition.id,
      email,
      now: entered,
    });
    await insertWorks(
      trx,
      artist.works.map((title, n) => ({
        id: randomUUID(),
        submission_id: entry.id,
        position: n + 1,
        field_values: JSON.stringify({
          artworkTitle: title,
          [ARTWORK_FIELD]: entry.artworkKeys[n],
          medium: MEDIUMS[n % MEDIUMS.length],
          size: 'A3',
          description: `${title}: drawn from life over an afternoon.`,
        }),
        created_at: stamp,
        updated_at: stamp,
      })),
    );
  }
  await claimFiles(trx, prepared.keys);
}
