import { flatPrices } from '../../../shared/domain/pricing.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Insertable } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeCategoryRow,
  makeCompetitionRow,
  makeMediaRow,
  makeSubcategoryRow,
} from '../../../../tests/factories/rows.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays, competitionStatus, todayIn } from '../../../shared/domain/competition-status.ts';
import {
  type PublicCompetition,
  PublicCompetitionSchema,
} from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import type { CompetitionsTable } from '../../db/schema.ts';

const t = useTestApp({ clientBuild: true });
const db = () => t.app.deps.db;

beforeEach(async () => {
  await db().deleteFrom('competitions').execute();
  await db().deleteFrom('subcategories').execute();
  await db().deleteFrom('categories').execute();
  await db().deleteFrom('media').execute();
  t.app.deps.contentCache.invalidate();
});

/** Today in the default site time zone; every date below is relative to it. */
const today = () => todayIn('Asia/Kolkata');
/** The instant a date begins in India (UTC+5:30, no daylight saving). */
const kolkataMidnight = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 330 * 60_000).toISOString();

async function addCategory(name = 'Painting') {
  const row = makeCategoryRow({ name });
  await db().insertInto('categories').values(row).execute();
  return row;
}

async function addSubcategory(categoryId: string, name: string, position = 0) {
  const row = makeSubcategoryRow(categoryId, { name, position });
  await db().insertInto('subcategories').values(row).execute();
  return row;
}

/** Inserts a competition and drops the cache, as the admin's writes will. */
async function addCompetition(
  categoryId: string,
  overrides: Partial<Insertable<CompetitionsTable>> = {},
) {
  const row = makeCompetitionRow(categoryId, overrides);
  await db().insertInto('competitions').values(row).execute();
  t.app.deps.contentCache.invalidate();
  return row;
}

/** A competition running from `start` to `end` days from today. */
function running(start: number, end: number) {
  return { start_date: addDays(today(), start), end_date: addDays(today(), end) };
}

async function list(query = ''): Promise<PublicCompetition[]> {
  const response = await t.app.inject(`/api/competitions${query}`);
  expect(response.statusCode, query).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const body: unknown = response.json();
  expect(Array.isArray(body), query).toBe(true);
  return body as PublicCompetition[];
}

const titles = (competitions: readonly { title: string }[]) => competitions.map((c) => c.title);

describe(`GET /api/competitions on ${TEST_ENGINE}`, () => {
  it('is an empty array when there are no competitions', async () => {
    expect(await list()).toEqual([]);
  });

  it('computes each status from today in Asia/Kolkata and lists Open, then Upcoming, then Closed', async () => {
    const category = await addCategory();
    // Inserted out of order, so the order seen is the API's own.
    const spec = [
      ['Closed long ago', running(-60, -30)],
      ['Upcoming later', running(30, 40)],
      ['Open, closes in 20 days', running(0, 20)],
      ['Closed yesterday', running(-20, -1)],
      ['Upcoming tomorrow', running(1, 10)],
      ['Open, closes today', running(-3, 0)],
      ['Open, closes in 5 days', running(-10, 5)],
      ['One day only, today', running(0, 0)],
    ] as const;
    for (const [i, [title, dates]] of spec.entries()) {
      await addCompetition(category.id, {
        title,
        ...dates,
        created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      });
    }
    const competitions = await list();
    expect(competitions.map((c) => [c.title, c.status])).toEqual([
      ['One day only, today', 'open'],
      ['Open, closes today', 'open'],
      ['Open, closes in 5 days', 'open'],
      ['Open, closes in 20 days', 'open'],
      ['Upcoming tomorrow', 'upcoming'],
      ['Upcoming later', 'upcoming'],
      ['Closed yesterday', 'closed'],
      ['Closed long ago', 'closed'],
    ]);
    for (const c of competitions) {
      expect(PublicCompetitionSchema.parse(c)).toEqual(c);
      expect(c.opensAt, c.title).toBe(kolkataMidnight(c.startDate));
      expect(c.closesAt, c.title).toBe(kolkataMidnight(addDays(c.endDate, 1)));
    }
  });

  it('describes a competition: names, dates, instants, fee and measured images', async () => {
    const category = await addCategory('Painting');
    const sub = await addSubcategory(category.id, 'Watercolour');
    await db()
      .insertInto('media')
      .values(makeMediaRow('/media/monsoon.jpg', { width: 1600, height: 900 }))
      .execute();
    const row = await addCompetition(category.id, {
      title: 'Monsoon Colours',
      description: 'Paint the rains.',
      subcategory_id: sub.id,
      image_url: '/media/monsoon.jpg',
      prize_image_url: '/media/unmeasured-prize.jpg',
      start_date: '2026-11-21',
      end_date: '2026-11-30',
      entry_type: 'paid',
      entry_fee: 499,
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-02T11:00:00.000Z',
    });
    expect(await list()).toEqual([
      {
        id: row.id,
        title: 'Monsoon Colours',
        description: 'Paint the rains.',
        image: {
          url: '/media/monsoon.jpg',
          width: 1600,
          height: 900,
          srcset: '/media/monsoon-400.webp 400w, /media/monsoon-800.webp 800w',
        },
        // A URL with no measured record is still shown, without sizes.
        prizeImage: { url: '/media/unmeasured-prize.jpg', width: null, height: null, srcset: '' },
        category: { id: category.id, name: 'Painting' },
        subcategory: { id: sub.id, name: 'Watercolour' },
        startDate: '2026-11-21',
        endDate: '2026-11-30',
        // India is UTC+5:30: the 21st begins at 18:30 UTC on the 20th; the window closes when
        // the day after the end date begins.
        minWorks: 1,
        maxWorks: 1,
        opensAt: '2026-11-20T18:30:00.000Z',
        closesAt: '2026-11-30T18:30:00.000Z',
        entryType: 'paid',
        entryFee: 499,
        prices: flatPrices(499),
        status: competitionStatus({ startDate: '2026-11-21', endDate: '2026-11-30' }, today()),
        // Its place in the lifecycle (decision 021): the same as the status here.
        stage: competitionStatus({ startDate: '2026-11-21', endDate: '2026-11-30' }, today()),
        createdAt: '2026-11-01T10:00:00.000Z',
        updatedAt: '2026-11-02T11:00:00.000Z',
        resultsPublished: false,
      },
    ]);
  });

  it('a free competition costs 0; no subcategory and no image are null', async () => {
    const category = await addCategory();
    await addCompetition(category.id, {
      entry_type: 'free',
      // A fee left behind from when it was paid is not shown.
      entry_fee: 250,
      subcategory_id: null,
      image_url: '',
      prize_image_url: '',
    });
    const [competition] = await list();
    expect(competition).toMatchObject({
      entryType: 'free',
      entryFee: 0,
      subcategory: null,
      image: null,
      prizeImage: null,
    });
  });

  it('an image whose recorded sizes are unreadable is shown without a srcset', async () => {
    const category = await addCategory();
    await db()
      .insertInto('media')
      .values(makeMediaRow('/media/broken.jpg', { variants: 'not json' }))
      .execute();
    await addCompetition(category.id, { image_url: '/media/broken.jpg' });
    const [competition] = await list();
    expect(competition?.image).toEqual({
      url: '/media/broken.jpg',
      width: 1600,
      height: 900,
      srcset: '',
    });
  });

  describe('search', () => {
    beforeEach(async () => {
      const category = await addCategory();
      await addCompetition(category.id, {
        title: 'Monsoon Colours',
        description: 'Rivers and rooftops in WATERCOLOUR.',
      });
      await addCompetition(category.id, { title: 'Étude in Blue', description: 'A study.' });
      await addCompetition(category.id, {
        title: 'चित्रकला प्रतियोगिता',
        description: 'बच्चों के लिए',
      });
      await addCompetition(category.id, {
        title: 'ஓவியம் போட்டி',
        description: 'A Tamil painting contest.',
      });
      await addCompetition(category.id, {
        title: '100% Colour_Fest',
        description: `It's "bold".`,
      });
    });

    const search = async (q: string) => titles(await list(`?q=${encodeURIComponent(q)}`));

    it('finds the title or the description in any letter case', async () => {
      expect(await search('monsoon')).toEqual(['Monsoon Colours']);
      expect(await search('MONSOON')).toEqual(['Monsoon Colours']);
      expect(await search('rooftops')).toEqual(['Monsoon Colours']);
      expect(await search('watercolour')).toEqual(['Monsoon Colours']);
      expect(await search('  monsoon  ')).toEqual(['Monsoon Colours']);
      expect(await search('nothing like this')).toEqual([]);
    });

    it('finds accented, Devanagari and Tamil text, composed or decomposed', async () => {
      expect(await search('ÉTUDE')).toEqual(['Étude in Blue']);
      expect(await search('étude')).toEqual(['Étude in Blue']);
      expect(await search('e\u0301tude')).toEqual(['Étude in Blue']);
      expect(await search('चित्रकला')).toEqual(['चित्रकला प्रतियोगिता']);
      expect(await search('बच्चों')).toEqual(['चित्रकला प्रतियोगिता']);
      expect(await search('ஓவியம்')).toEqual(['ஓவியம் போட்டி']);
    });

    it('takes %, _, quotes and markup literally', async () => {
      expect(await search('100%')).toEqual(['100% Colour_Fest']);
      expect(await search('%')).toEqual(['100% Colour_Fest']);
      expect(await search('_')).toEqual(['100% Colour_Fest']);
      expect(await search('"bold"')).toEqual(['100% Colour_Fest']);
      expect(await search("it's")).toEqual(['100% Colour_Fest']);
      expect(await search("' OR '1'='1")).toEqual([]);
      expect(await search('<script>alert(1)</script>')).toEqual([]);
    });

    it('a repeated q counts as its first value', async () => {
      expect(titles(await list('?q=monsoon&q=etude'))).toEqual(['Monsoon Colours']);
    });

    it('cuts a very long q rather than refusing it', async () => {
      const long = `monsoon${' '.repeat(9_993)}`;
      expect(long).toHaveLength(10_000);
      expect(await search(long)).toEqual(['Monsoon Colours']);
      expect(await search('x'.repeat(10_000))).toEqual([]);
    });
  });

  describe('category and subcategory filters', () => {
    it('filter by id, combine with each other and with q; unknown ids match nothing', async () => {
      const painting = await addCategory('Painting');
      const drawing = await addCategory('Drawing');
      const watercolour = await addSubcategory(painting.id, 'Watercolour', 0);
      const oil = await addSubcategory(painting.id, 'Oil', 1);
      const add = (categoryId: string, title: string, subcategoryId: string | null = null) =>
        addCompetition(categoryId, { title, description: '', subcategory_id: subcategoryId });
      await add(painting.id, 'Rain', watercolour.id);
      await add(painting.id, 'Portraits', oil.id);
      await add(painting.id, 'Any paint');
      await add(drawing.id, 'Sketches in the rain');

      const sorted = async (query: string) => titles(await list(query)).sort();
      expect(await sorted(`?category=${painting.id}`)).toEqual(['Any paint', 'Portraits', 'Rain']);
      expect(await sorted(`?category=${drawing.id}`)).toEqual(['Sketches in the rain']);
      expect(await sorted(`?subcategory=${oil.id}`)).toEqual(['Portraits']);
      expect(await sorted(`?category=${painting.id}&subcategory=${watercolour.id}`)).toEqual([
        'Rain',
      ]);
      expect(await sorted(`?q=rain`)).toEqual(['Rain', 'Sketches in the rain']);
      expect(await sorted(`?q=rain&category=${drawing.id}`)).toEqual(['Sketches in the rain']);
      expect(await sorted(`?q=rain&subcategory=${watercolour.id}`)).toEqual(['Rain']);
      // A subcategory of another category: nothing is both.
      expect(await sorted(`?category=${drawing.id}&subcategory=${oil.id}`)).toEqual([]);
      expect(await sorted('?category=no-such-category')).toEqual([]);
      expect(await sorted('?subcategory=no-such-subcategory')).toEqual([]);
      expect(await sorted(`?category=${painting.id}&q=sketches`)).toEqual([]);
    });
  });

  it('answers any query text with 200 and a JSON array, never an error', async () => {
    const category = await addCategory();
    await addCompetition(category.id, { title: 'Still here' });
    const queries = [
      `?q=${'x'.repeat(10_000)}`,
      '?q=%',
      '?q=%25',
      '?q=%E0%A4',
      '?q=_',
      `?q=${encodeURIComponent(`'"\``)}`,
      `?q=${encodeURIComponent('<script>alert(1)</script>')}`,
      `?q=${encodeURIComponent("'; DROP TABLE competitions; --")}`,
      `?q=${encodeURIComponent('1 UNION SELECT * FROM admin_users')}`,
      '?q=a&q=b',
      '?q[]=x',
      '?q[a]=b',
      '?category[]=x',
      '?category=x&category=y',
      `?subcategory=${'z'.repeat(5_000)}`,
      '?q=&category=&subcategory=',
      '?q',
      '?=',
      '?&&',
      '?q=+',
    ];
    for (const query of queries) await list(query);
    // Empty values and unknown keys are no filter at all.
    for (const query of ['?q=&category=&subcategory=', '?category[]=x', '?q[]=x', '?q=+']) {
      expect(titles(await list(query)), query).toEqual(['Still here']);
    }
    expect(titles(await list())).toEqual(['Still here']);
  });
});

describe(`the site time zone decides "today" on ${TEST_ENGINE}`, () => {
  it('a change of time zone changes the statuses at once', async () => {
    const category = await addCategory();
    // Kiritimati (UTC+14) is always a day or two ahead of Pago Pago (UTC-11).
    const kiritimati = todayIn('Pacific/Kiritimati');
    const pagoPago = todayIn('Pacific/Pago_Pago');
    expect(kiritimati > pagoPago).toBe(true);
    await addCompetition(category.id, {
      title: 'Starts on Kiritimati today',
      start_date: kiritimati,
      end_date: addDays(kiritimati, 10),
    });
    await addCompetition(category.id, {
      title: 'Ends on Pago Pago today',
      start_date: addDays(pagoPago, -10),
      end_date: pagoPago,
    });
    const statuses = async () =>
      Object.fromEntries((await list()).map((c) => [c.title, [c.status, c.opensAt]]));
    try {
      await t.app.deps.settings.updateSettings({ timeZone: 'Pacific/Kiritimati' });
      expect(await statuses()).toEqual({
        'Starts on Kiritimati today': ['open', `${addDays(kiritimati, -1)}T10:00:00.000Z`],
        'Ends on Pago Pago today': ['closed', `${addDays(pagoPago, -11)}T10:00:00.000Z`],
      });
      await t.app.deps.settings.updateSettings({ timeZone: 'Pacific/Pago_Pago' });
      expect(await statuses()).toEqual({
        'Starts on Kiritimati today': ['upcoming', `${kiritimati}T11:00:00.000Z`],
        'Ends on Pago Pago today': ['open', `${addDays(pagoPago, -10)}T11:00:00.000Z`],
      });
    } finally {
      await t.app.deps.settings.updateSettings({ timeZone: 'Asia/Kolkata' });
    }
  });
});

describe(`caching and ETags on ${TEST_ENGINE}`, () => {
  it('sends a weak ETag, no-cache and Vary; a matching If-None-Match gets an empty 304', async () => {
    const category = await addCategory();
    await addCompetition(category.id);
    const first = await t.app.inject('/api/competitions');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('accept-encoding');

    const again = await t.app.inject({
      url: '/api/competitions',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const other = await t.app.inject({
      url: '/api/competitions',
      headers: { 'if-none-match': 'W/"not-this-one"' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('filtered lists and single competitions carry their own ETags and answer 304 too', async () => {
    const category = await addCategory();
    const row = await addCompetition(category.id, { title: 'Findable' });
    for (const url of ['/api/competitions?q=find', `/api/competitions/${row.id}`]) {
      const first = await t.app.inject(url);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/".+"$/);
      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
    const whole = await t.app.inject('/api/competitions');
    const filtered = await t.app.inject('/api/competitions?q=nothing-matches');
    expect(filtered.headers.etag).not.toBe(whole.headers.etag);
  });

  it('compresses a body over 1 KB with br or gzip, to the same JSON', async () => {
    const category = await addCategory();
    for (let i = 0; i < 5; i++) {
      await addCompetition(category.id, {
        title: `Competition ${i}`,
        description: 'x'.repeat(200),
      });
    }
    const plain = await t.app.inject('/api/competitions');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await t.app.inject({
      url: '/api/competitions',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await t.app.inject({
      url: '/api/competitions',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('serves from memory: a row written behind its back shows only after invalidate()', async () => {
    const category = await addCategory();
    await addCompetition(category.id, { title: 'First' });
    const before = await t.app.inject('/api/competitions');
    expect(titles(before.json())).toEqual(['First']);

    const hidden = makeCompetitionRow(category.id, { title: 'Second' });
    await db().insertInto('competitions').values(hidden).execute();
    const stale = await t.app.inject('/api/competitions');
    expect(titles(stale.json())).toEqual(['First']);
    expect(stale.headers.etag).toBe(before.headers.etag);
    expect((await t.app.inject(`/api/competitions/${hidden.id}`)).statusCode).toBe(404);

    t.app.deps.contentCache.invalidate();
    const fresh = await t.app.inject('/api/competitions');
    expect(titles(fresh.json()).sort()).toEqual(['First', 'Second']);
    expect(fresh.headers.etag).not.toBe(before.headers.etag);
    // The old ETag no longer matches: the client gets the new list.
    const revalidated = await t.app.inject({
      url: '/api/competitions',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
    expect((await t.app.inject(`/api/competitions/${hidden.id}`)).statusCode).toBe(200);
  });

  it('a change of settings drops the cached lists', async () => {
    const category = await addCategory();
    await addCompetition(category.id, { title: 'First' });
    expect(titles(await list())).toEqual(['First']);
    await db()
      .insertInto('competitions')
      .values(makeCompetitionRow(category.id, { title: 'Second' }))
      .execute();
    expect(titles(await list())).toEqual(['First']);
    await t.app.deps.settings.updateSettings({ youtubeVideoId: 'aqz-KE-bpKQ' });
    try {
      expect(titles(await list()).sort()).toEqual(['First', 'Second']);
    } finally {
      await t.app.deps.settings.updateSettings({ youtubeVideoId: '' });
    }
  });
});

describe(`GET /api/competitions/:id on ${TEST_ENGINE}`, () => {
  it('answers the competition as the list shows it', async () => {
    const category = await addCategory();
    const row = await addCompetition(category.id, { title: 'The one' });
    await addCompetition(category.id, { title: 'Another' });
    const response = await t.app.inject(`/api/competitions/${row.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const competition = response.json();
    expect(competition.title).toBe('The one');
    // The list's card, and what only the competition's own page shows.
    const { details, ...card } = competition;
    expect(card).toEqual((await list()).find((c) => c.id === row.id));
    expect(details).toMatchObject({ rulesHtml: '', eligibilityHtml: '', prizeDescription: '' });
  });

  it('an unknown id is a 404 with the envelope', async () => {
    const response = await t.app.inject('/api/competitions/8f14e45f-ceea-467f-a0e6-3b2b7d2b4c11');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Competition not found' },
    });
  });

  it.each([
    ['a lone %', '/api/competitions/%'],
    ['broken UTF-8', '/api/competitions/%E0%A4'],
    ['a path climbing out', '/api/competitions/..%2F..'],
    ['SQL', `/api/competitions/${encodeURIComponent("' OR '1'='1")}`],
    ['Devanagari', `/api/competitions/${encodeURIComponent('चित्रकला')}`],
    ['an inherited property name', '/api/competitions/__proto__'],
    ['an id at the router limit', `/api/competitions/${'a'.repeat(100)}`],
    ['an id past the router limit', `/api/competitions/${'a'.repeat(101)}`],
    ['a very long id', `/api/competitions/${'a'.repeat(1_000)}`],
  ])('a malformed id (%s) is a JSON 404, never a 500', async (_name, url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(ErrorEnvelopeSchema.strict().parse(body)).toEqual(body);
    expect(body.error.code).toBe('NOT_FOUND');
  });
});
