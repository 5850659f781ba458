import { randomUUID } from 'node:crypto';
import { addDays, todayIn } from '../../../shared/domain/competition-status.ts';
import { DEFAULT_FORM_FIELDS } from '../../../shared/schemas/form-field.ts';
import { insertBanner } from '../banners/banners.service.ts';
import { insertCategory, insertSubcategories } from '../categories/categories.service.ts';
import { insertCompetition } from '../competitions/competitions.service.ts';
import { storeResponsiveImage } from '../media/media.service.ts';
import type { DemoDeps } from './demo-entries.ts';
import { drawDemoImage } from './demo-images.ts';
import { demoWorksColumns, insertWorksEntries, prepareWorksEntries } from './demo-works.ts';
import { hasAnyContent, hasMarker, insertMarker } from './demo.repository.ts';
import type { DemoDb } from './demo.tables.ts';

export const DEMO_MARKER = 'demo_seeded_at';
/** The open competition that takes several works an entry (demo-works.ts). */
export const DEMO_WORKS_COMPETITION = 'Young Sketchers Festival';
/** Big Buck Bunny, published by the Blender Foundation under CC BY. */
export const DEMO_VIDEO_ID = 'aqz-KE-bpKQ';

/** Clearly fictional details (example.com, a 555-style number) for the admin to replace. */
const DEMO_CONTACT = {
  email: 'hello@example.com',
  phone: '+91 11 5555 0100',
  address: 'White Stroke International Art Space, Connaught Place, New Delhi 110001, India',
};
const DEMO_MAP_EMBED_URL =
  'https://www.openstreetmap.org/export/embed.html?bbox=77.2090%2C28.6250%2C77.2290%2C28.6390&layer=mapnik&marker=28.6320%2C77.2190';

type Palette = readonly [string, string, string];
const PALETTES: Palette[] = [
  ['#1e3a8a', '#7c3aed', '#f472b6'],
  ['#7c2d12', '#f59e0b', '#fde68a'],
  ['#064e3b', '#10b981', '#a7f3d0'],
  ['#312e81', '#0ea5e9', '#e0f2fe'],
  ['#4c0519', '#e11d48', '#fecdd3'],
  ['#1f2937', '#6b7280', '#f9fafb'],
];

const CATEGORIES = [
  { name: 'Painting', subcategories: ['Watercolour', 'Acrylic & Oil'] },
  { name: 'Drawing & Illustration', subcategories: ['Pencil & Charcoal', 'Digital Illustration'] },
];

/** Dates are days from the day of seeding, so each kind of competition exists whenever it runs. */
const COMPETITIONS = [
  {
    title: 'Monsoon Colours Watercolour Challenge',
    description:
      'Paint the rains: rivers, rooftops and streets under monsoon skies, in watercolour on paper. Open to every age group.',
    category: 0,
    subcategory: 0,
    start: -10,
    end: 20,
    fee: 0,
  },
  {
    title: 'Portraits of India: Oil & Acrylic Open',
    description:
      'A portrait competition for painters working in oil or acrylic. Faces, families and festivals from across the country.',
    category: 0,
    subcategory: 1,
    start: -5,
    end: 8,
    fee: 499,
  },
  {
    title: DEMO_WORKS_COMPETITION,
    description:
      'Pencil and charcoal drawings of everyday life. Winners are exhibited at the art space for a month. Enter up to three drawings: early-bird prices for the first days, a smaller fee for each further drawing.',
    category: 1,
    subcategory: 0,
    start: -2,
    end: 35,
    fee: 199,
    works: true,
  },
  {
    title: 'Digital Dreams Illustration Prize',
    description:
      'Illustrations made on a tablet or computer: characters, cities and imagined worlds.',
    category: 1,
    subcategory: 1,
    start: 7,
    end: 45,
    fee: 299,
  },
  {
    title: 'Heritage Lines Drawing Contest',
    description: 'Draw a monument, a temple, a stepwell or an old street you love.',
    category: 1,
    subcategory: null,
    start: 14,
    end: 60,
    fee: 0,
  },
  {
    title: 'Winter Landscapes',
    description:
      'Hills, fog and first light: landscapes of the cold season in any painting medium.',
    category: 0,
    subcategory: null,
    start: -60,
    end: -15,
    fee: 350,
  },
  {
    title: 'Street Corners in Ink',
    description:
      'A week of drawings made on the street, in pen and ink. Entries closed at 6 pm on its last day.',
    category: 1,
    subcategory: null,
    start: -8,
    end: -1,
    fee: 150,
    closingTime: '18:00',
  },
  {
    title: 'Festival of Lights Poster Prize',
    description:
      'Posters for the festival season, painted or drawn. A draft: only admins see it until it is published.',
    category: 0,
    subcategory: null,
    start: 20,
    end: 50,
    fee: 0,
    draft: true,
  },
] satisfies readonly {
  title: string;
  description: string;
  category: number;
  subcategory: number | null;
  start: number;
  end: number;
  fee: number;
  closingTime?: string;
  draft?: boolean;
  /** Up to three works an entry, tiered prices, the demo code and entries of several works. */
  works?: boolean;
}[];

const BANNERS = [
  {
    title: 'Create. Compete. Shine.',
    description: 'Art competitions for every age, judged by practising artists.',
  },
  {
    title: 'Registrations are open',
    description: 'Enter this season’s painting and drawing competitions today.',
  },
  {
    title: 'Exhibit at White Stroke',
    description: 'Winning works are shown in our gallery and online.',
  },
];

async function isEmpty(db: DemoDb): Promise<boolean> {
  if (await hasMarker(db, DEMO_MARKER)) return false;
  return !(await hasAnyContent(db));
}

/**
 * Fills an empty database with demo categories, competitions, banners and a video, once: after
 * that (or if an admin has created anything) it does nothing, so deleted demo content stays gone.
 */
export async function seedDemoContent(deps: DemoDeps, now: Date): Promise<boolean> {
  const { db, storage, settings } = deps;
  if (!(await isEmpty(db))) return false;
  const { timeZone } = await settings.getSettings();
  const today = todayIn(timeZone, now);
  const stamp = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();

  const image = async (index: number, width: number, height: number) =>
    storeResponsiveImage(
      db,
      storage,
      await drawDemoImage(PALETTES[index % PALETTES.length] as Palette, width, height, index + 1),
      { worker: deps.imageWorker, now },
    );
  const competitionImages = await Promise.all(COMPETITIONS.map((_, i) => image(i, 1600, 900)));
  const prizeImages = await Promise.all(COMPETITIONS.map((_, i) => image(i + 3, 800, 800)));
  const bannerImages = await Promise.all(BANNERS.map((_, i) => image(i + 1, 1920, 800)));
  const worksEntries = await prepareWorksEntries(deps, now);

  await db
    .transaction()
    .execute(async (trx) => {
      const categoryIds: string[] = [];
      const subcategoryIds: string[][] = [];
      for (const [i, category] of CATEGORIES.entries()) {
        const id = randomUUID();
        categoryIds.push(id);
        await insertCategory(trx, {
          id,
          name: category.name,
          form_fields: JSON.stringify(DEFAULT_FORM_FIELDS),
          created_at: stamp(i),
          updated_at: stamp(i),
        });
        const subIds = category.subcategories.map(() => randomUUID());
        subcategoryIds.push(subIds);
        await insertSubcategories(
          trx,
          category.subcategories.map((name, position) => ({
            id: subIds[position] as string,
            category_id: id,
            name,
            position,
          })),
        );
      }
      for (const [i, c] of COMPETITIONS.entries()) {
        const competition = {
          id: randomUUID(),
          title: c.title,
          description: c.description,
          image_url: competitionImages[i] as string,
          prize_image_url: prizeImages[i] as string,
          category_id: categoryIds[c.category] as string,
          subcategory_id:
            c.subcategory === null ? null : (subcategoryIds[c.category]?.[c.subcategory] ?? null),
          start_date: addDays(today, c.start),
          end_date: addDays(today, c.end),
          entry_type: c.fee > 0 ? ('paid' as const) : ('free' as const),
          entry_fee: c.fee,
          closing_time: 'closingTime' in c ? c.closingTime : null,
          draft: 'draft' in c && c.draft ? 1 : 0,
          ...('works' in c ? demoWorksColumns(now) : {}),
          created_at: stamp(10 + i),
          updated_at: stamp(10 + i),
        };
        await insertCompetition(trx, competition);
        if ('works' in c) {
          await insertWorksEntries(trx, worksEntries, competition, { now, timeZone });
        }
      }
      for (const [i, b] of BANNERS.entries()) {
        await insertBanner(trx, {
          id: randomUUID(),
          title: b.title,
          description: b.description,
          image_url: bannerImages[i] as string,
          position: i,
          // The first banner is the newest, as an admin adding them one by one would leave them.
          created_at: stamp(30 - i),
          updated_at: stamp(30 - i),
        });
      }
      await insertMarker(trx, DEMO_MARKER, now.toISOString());
    })
    .catch(async (error: unknown) => {
      await worksEntries.discard();
      throw error;
    });
  await settings.updateSettings({
    youtubeVideoId: DEMO_VIDEO_ID,
    contact: DEMO_CONTACT,
    mapEmbedUrl: DEMO_MAP_EMBED_URL,
  });
  return true;
}
