import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  makeCategoryRow,
  makeCompetitionRow,
  makeSubcategoryRow,
  makeSubmissionRow,
} from '../../../../tests/factories/rows.ts';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { FormField } from '../../../shared/schemas/form-field.ts';
import type { ReviewCounts, ReviewItem, ReviewPage } from '../../../shared/schemas/review.ts';
import type { SubmissionsTable } from '../../db/schema.ts';
import { FIELDS_INVALID_MESSAGE } from '../../errors.ts';
import { INVALID_CURSOR } from './review.service.ts';

/*
 * GET /api/admin/submissions over HTTP, as the admin's screen calls it: every filter
 * combination against an expectation computed here from the rows inserted, the counts, search in
 * any script with literal wildcards, keyset paging under inserts, the items' shape, bad input.
 */

const t = useTestApp();
const db = () => t.app.deps.db;
const URL_PATH = '/api/admin/submissions';

let token: string;
beforeAll(async () => {
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

type Params = Record<string, string | number | undefined>;

function urlOf(params: Params, path = URL_PATH): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return query === '' ? path : `${path}?${query}`;
}

const list = (params: Params = {}) => asAdmin(t, token, 'GET', urlOf(params));

async function page(params: Params = {}): Promise<ReviewPage> {
  const response = await list(params);
  expect(response.statusCode, `${urlOf(params)}: ${response.body}`).toBe(200);
  return response.json<ReviewPage>();
}

const COUNTS_PATH = `${URL_PATH}/counts`;

/** The counts above the table for these filters (GET /api/admin/submissions/counts). */
async function countsOf(params: Params = {}): Promise<ReviewCounts> {
  const response = await asAdmin(t, token, 'GET', urlOf(params, COUNTS_PATH));
  expect(response.statusCode, `${urlOf(params, COUNTS_PATH)}: ${response.body}`).toBe(200);
  return response.json<ReviewCounts>();
}

/** Every page from the first, following nextCursor; each page's size checked against `limit`. */
async function walk(params: Params, limit: number) {
  const pages: ReviewPage[] = [];
  let cursor: string | undefined;
  do {
    const current = await page({ ...params, limit, cursor });
    pages.push(current);
    if (current.nextCursor !== null) expect(current.items).toHaveLength(limit);
    cursor = current.nextCursor ?? undefined;
    if (pages.length > 500) throw new Error('nextCursor never ends');
  } while (cursor !== undefined);
  return { pages, items: pages.flatMap((p) => p.items) };
}

/* ------------------------------------------------------------------------------------------ */
/* The rows: 60 entries, every status, free / paid / pending / refunded, two competitions and  */
/* one whose row is gone, names in Latin, Devanagari and Tamil, ties in created_at.            */
/* ------------------------------------------------------------------------------------------ */

let competitionA: string;
let competitionB: string;
let categoryId: string;
let subcategoryId: string;

const STATUSES = ['pending', 'approved', 'rejected'] as const;
const PAYMENTS = ['all', 'free', 'paid', 'pending'] as const;

const NAMES = [
  'Aarav Sharma',
  'élodie Dubois',
  'ÉLODIE ROUX',
  'अनन्या शर्मा',
  'राहुल वर्मा',
  'கார்த்திக் ராஜா',
  'மீனா சுப்ரமணியம்',
  'RaVi KUMAR',
  "Zoë O'Brien",
  '50%_off Studio',
  'Under_Score Artist',
  'Back\\slash Kid',
] as const;
const EMAIL_LOCALS = [
  'aarav.sharma',
  'elodie.d',
  'Elodie.Roux',
  'ananya',
  'rahul.v',
  'karthik',
  'meena.s',
  'Ravi.Kumar',
  'zoe.obrien',
  'studio50',
  'under_score',
  'kid',
] as const;
const DOMAINS = ['Example.COM', 'mail.test', 'art.in'] as const;

/** What the test knows of a row: everything the filters, search and order read. */
interface Spec {
  id: string;
  reference: string;
  fullName: string;
  email: string;
  createdAt: string;
  status: (typeof STATUSES)[number];
  entryFee: number;
  paymentStatus: 'pending' | 'paid';
  competitionId: string | null;
}

/** Distinct, valid uuids whose order is not the order they were made in. */
const idOf = (n: number) =>
  `00000000-0000-4000-8000-${((n * 7919) % 100_003).toString(16).padStart(12, '0')}`;

const BASE = Date.UTC(2026, 10, 10, 9, 0, 0);
const minute = (n: number) => new Date(BASE + n * 60_000).toISOString();

/** The i-th row: statuses by i % 3, payments by i % 5, competitions by i % 7, 3 rows a minute. */
function specOf(i: number): Spec {
  const kind = i % 5;
  const competitionSlot = i % 7;
  return {
    id: idOf(i + 1),
    reference: `WS-2026-${String(i + 1).padStart(6, '0')}`,
    fullName: NAMES[i % NAMES.length] as string,
    email: `${EMAIL_LOCALS[i % EMAIL_LOCALS.length]}+${i}@${DOMAINS[i % DOMAINS.length]}`,
    // (i * 17) % 60 is a permutation of 0..59: the minutes are not in insertion order.
    createdAt: minute(Math.floor(((i * 17) % 60) / 3)),
    status: STATUSES[i % 3] as Spec['status'],
    entryFee: kind === 0 ? 0 : kind === 3 ? 250 : kind === 4 ? 100 : 499,
    paymentStatus: kind === 2 || kind === 4 ? 'pending' : 'paid',
    competitionId: competitionSlot < 3 ? competitionA : competitionSlot < 6 ? competitionB : null,
  };
}

function rowOf(spec: Spec, overrides: Partial<Insertable<SubmissionsTable>> = {}) {
  const refunded = spec.entryFee === 250;
  return makeSubmissionRow({
    id: spec.id,
    reference: spec.reference,
    full_name: spec.fullName,
    email: spec.email,
    created_at: spec.createdAt,
    updated_at: spec.createdAt,
    status: spec.status,
    entry_type: spec.entryFee === 0 && spec.id.endsWith('0') ? 'free' : 'paid',
    entry_fee: spec.entryFee,
    payment_status: spec.paymentStatus,
    paid_at: spec.paymentStatus === 'paid' ? spec.createdAt : null,
    refunded_at: refunded ? spec.createdAt : null,
    competition_id: spec.competitionId,
    competition_title:
      spec.competitionId === competitionA
        ? 'Monsoon Colours'
        : spec.competitionId === competitionB
          ? 'चित्रकला उत्सव'
          : 'Retired Competition 2025',
    category_id: categoryId,
    subcategory_id: subcategoryId,
    photo_key: `private/submissions/${spec.id}/photo-0a1b2c3d.jpg`,
    ...overrides,
  });
}

let specs: Spec[] = [];

async function replaceSubmissions(rows: Insertable<SubmissionsTable>[]) {
  await db().deleteFrom('submissions').execute();
  if (rows.length > 0) await db().insertInto('submissions').values(rows).execute();
}

async function seedRows() {
  specs = Array.from({ length: 60 }, (_, i) => specOf(i));
  await replaceSubmissions(specs.map((spec) => rowOf(spec)));
}

beforeAll(async () => {
  const category = makeCategoryRow({ name: 'Painting' });
  await db().insertInto('categories').values(category).execute();
  categoryId = category.id;
  const subcategory = makeSubcategoryRow(category.id, { name: 'Watercolour' });
  await db().insertInto('subcategories').values(subcategory).execute();
  subcategoryId = subcategory.id as string;
  const a = makeCompetitionRow(category.id, { title: 'Monsoon Colours' });
  const b = makeCompetitionRow(category.id, { title: 'चित्रकला उत्सव' });
  await db().insertInto('competitions').values([a, b]).execute();
  competitionA = a.id;
  competitionB = b.id;
});

/* The expectation, computed from the specs as seed §5 defines the filters. */

interface Filters {
  q?: string;
  status: 'all' | (typeof STATUSES)[number];
  payment: (typeof PAYMENTS)[number];
  competition?: string;
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

function found(spec: Spec, q: string | undefined): boolean {
  const needle = fold((q ?? '').trim());
  if (needle === '') return true;
  return [spec.fullName, spec.email, spec.reference].some((field) => fold(field).includes(needle));
}

function paymentMatches(spec: Spec, payment: Filters['payment']): boolean {
  if (payment === 'free') return spec.entryFee === 0;
  if (payment === 'paid') return spec.paymentStatus === 'paid';
  if (payment === 'pending') return spec.paymentStatus === 'pending';
  return true;
}

function matches(spec: Spec, filters: Filters, omit?: 'status' | 'payment'): boolean {
  return (
    found(spec, filters.q) &&
    (filters.competition === undefined || spec.competitionId === filters.competition) &&
    (omit === 'status' || filters.status === 'all' || spec.status === filters.status) &&
    (omit === 'payment' || paymentMatches(spec, filters.payment))
  );
}

/** Newest first: created_at, then id, both descending (oldest: both ascending). */
function ordered(rows: Spec[], sort: 'newest' | 'oldest' = 'newest'): Spec[] {
  const sign = sort === 'newest' ? -1 : 1;
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort(
    (a, b) => sign * (compare(a.createdAt, b.createdAt) || compare(a.id, b.id)),
  );
}

const expectedIds = (filters: Filters, sort: 'newest' | 'oldest' = 'newest') =>
  ordered(
    specs.filter((spec) => matches(spec, filters)),
    sort,
  ).map((spec) => spec.id);

function expectedCounts(filters: Filters): ReviewCounts {
  const byStatus = specs.filter((spec) => matches(spec, filters, 'status'));
  const byPayment = specs.filter((spec) => matches(spec, filters, 'payment'));
  const countOf = (rows: Spec[], test: (spec: Spec) => boolean) => rows.filter(test).length;
  return {
    status: {
      pending: countOf(byStatus, (s) => s.status === 'pending'),
      approved: countOf(byStatus, (s) => s.status === 'approved'),
      rejected: countOf(byStatus, (s) => s.status === 'rejected'),
      withdrawn: 0,
    },
    // Each entry counted once, by the state its badge shows (a free entry is not paid).
    payment: {
      free: countOf(byPayment, (s) => s.entryFee === 0),
      paid: countOf(byPayment, (s) => s.entryFee > 0 && s.paymentStatus === 'paid' && !refunded(s)),
      pending: countOf(byPayment, (s) => s.entryFee > 0 && s.paymentStatus === 'pending'),
      refunded: countOf(byPayment, (s) => s.entryFee > 0 && refunded(s)),
    },
  };
}

/** rowOf refunds the entries of 250. */
const refunded = (spec: Spec) => spec.entryFee === 250;

const ids = (items: ReviewItem[]) => items.map((item) => item.id);

/* ------------------------------------------------------------------------------------------ */

describe(`GET /api/admin/submissions on ${TEST_ENGINE}: access and bad input`, () => {
  beforeAll(seedRows);

  it('needs a session (401), and shows nothing of the entries', async () => {
    for (const cookies of [{}, { ws_session: 'not-a-session' }] as Record<string, string>[]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${URL_PATH}?status=pending`,
        headers: OUR_CLIENT_HEADERS,
        cookies,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' },
      });
      expect(response.body).not.toContain('WS-2026-');
    }
  });

  it('answers 400 with the envelope, never 500, for values outside their lists', async () => {
    const bad: [Params, string][] = [
      [{ status: 'archived' }, 'status'],
      [{ status: 'ALL' }, 'status'],
      [{ status: 'Pending' }, 'status'],
      [{ status: '' }, 'status'],
      [{ status: "pending' OR 1=1 --" }, 'status'],
      [{ payment: 'refunded' }, 'payment'],
      [{ payment: 'received' }, 'payment'],
      [{ payment: 'FREE' }, 'payment'],
      [{ payment: '' }, 'payment'],
      [{ competition: 'not-a-uuid' }, 'competition'],
      [{ competition: '123' }, 'competition'],
      [{ competition: `${randomUUID()}x` }, 'competition'],
      [{ competition: "' OR 1=1 --" }, 'competition'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 'abc' }, 'limit'],
      [{ limit: '1.5' }, 'limit'],
      [{ limit: -1 }, 'limit'],
      [{ limit: '' }, 'limit'],
      [{ sort: 'random' }, 'sort'],
      [{ q: 'x'.repeat(201) }, 'q'],
      [{ q: 'अ'.repeat(201) }, 'q'],
      [{ cursor: 'A'.repeat(201) }, 'cursor'],
    ];
    for (const [params, field] of bad) {
      const response = await list(params);
      const label = urlOf(params);
      expect(response.statusCode, label).toBe(400);
      const body = response.json<{ error: { fields: Record<string, string> } }>();
      expect(body, label).toEqual({
        error: {
          code: 'VALIDATION_ERROR',
          message: FIELDS_INVALID_MESSAGE,
          fields: { [field]: expect.any(String) as string },
        },
      });
    }
  });

  it('guards the counts as the list: 401 without a session, 400 outside the lists', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: COUNTS_PATH,
      headers: OUR_CLIENT_HEADERS,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('pending');
    const bad: [Params, string][] = [
      [{ status: 'archived' }, 'status'],
      [{ payment: 'refunded' }, 'payment'],
      [{ competition: "' OR 1=1 --" }, 'competition'],
      [{ q: 'x'.repeat(201) }, 'q'],
    ];
    for (const [params, field] of bad) {
      const response = await asAdmin(t, token, 'GET', urlOf(params, COUNTS_PATH));
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toEqual({
        error: {
          code: 'VALIDATION_ERROR',
          message: FIELDS_INVALID_MESSAGE,
          fields: { [field]: expect.any(String) as string },
        },
      });
    }
  });

  it('answers 400 for a filter given twice', async () => {
    for (const query of ['status=pending&status=approved', 'payment=free&payment=paid']) {
      const response = await asAdmin(t, token, 'GET', `${URL_PATH}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('VALIDATION_ERROR');
    }
  });

  it('accepts the limits 1 and 100, a search of 200 characters, and an unknown competition', async () => {
    expect((await page({ limit: 1 })).items).toHaveLength(1);
    expect((await page({ limit: 100 })).items).toHaveLength(60);
    expect((await page({ q: 'x'.repeat(200) })).items).toEqual([]);
    expect((await page({ q: 'अ'.repeat(200) })).items).toEqual([]);
    const competition = randomUUID();
    expect(await page({ competition })).toEqual({ items: [], nextCursor: null });
    expect(await countsOf({ competition })).toEqual({
      status: { pending: 0, approved: 0, rejected: 0, withdrawn: 0 },
      payment: { free: 0, paid: 0, pending: 0, refunded: 0 },
    });
  });

  const b64 = (text: string) => Buffer.from(text).toString('base64url');

  it('answers 400 INVALID_CURSOR for a cursor that is garbage or was tampered with', async () => {
    const real = (await page({ limit: 5 })).nextCursor as string;
    const decoded = Buffer.from(real, 'base64url').toString('utf8');
    const [stamp, id] = decoded.split('|') as [string, string];
    const cursors = [
      '',
      'garbage',
      '!!!not base64!!!',
      '%00%ff',
      "' OR 1=1 --",
      b64('garbage'),
      b64(stamp),
      b64(id),
      b64(`${stamp}|`),
      b64(`${stamp}|not-a-uuid`),
      b64(`${stamp}|${id}|extra`),
      b64(`${stamp}|ABCDEF00-0000-4000-8000-00000000000A`),
      b64(`${stamp} |${id}`),
      b64(`${stamp}|${id}' OR 1=1 --`),
      b64(`' OR 1=1 --|${id}`),
      b64(`2026-11-10|${id}`),
      b64(`${Date.parse(stamp)}|${id}`),
      b64(JSON.stringify({ createdAt: stamp, id })),
      `${real}x`,
      real.slice(0, -3),
    ];
    for (const cursor of cursors) {
      const response = await list({ cursor });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json(), cursor).toEqual({
        error: { code: 'INVALID_CURSOR', message: INVALID_CURSOR },
      });
    }
  });

  it('never answers 500 for a well-formed cursor whose date is impossible', async () => {
    for (const bad of ['2026-13-45T25:61:61.000Z', '9999-99-99T99:99:99.999Z']) {
      const cursor = b64(`${bad}|${idOf(1)}`);
      const response = await list({ cursor });
      expect(response.statusCode, bad).toBeLessThan(500);
    }
  });

  it('answers 400 INVALID_CURSOR for a well-formed cursor with an impossible date', async () => {
    for (const bad of ['2026-13-45T25:61:61.000Z', '9999-99-99T99:99:99.999Z']) {
      const response = await list({ cursor: b64(`${bad}|${idOf(1)}`) });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json(), bad).toEqual({
        error: { code: 'INVALID_CURSOR', message: INVALID_CURSOR },
      });
    }
  });

  it('takes SQL in the search as text: 200, and rows only when they hold it', async () => {
    const attempts = [
      "' OR 1=1 --",
      "'; DROP TABLE submissions; --",
      '" OR ""="',
      "%' OR '1'='1",
      "') OR ('a'='a",
      '*',
      "o'brien",
      'ZOË O',
    ];
    for (const q of attempts) {
      const body = await page({ q, limit: 100 });
      const filters: Filters = { q, status: 'all', payment: 'all' };
      expect(ids(body.items), q).toEqual(expectedIds(filters));
      expect(await countsOf({ q }), q).toEqual(expectedCounts(filters));
    }
    expect((await page({ q: "' OR 1=1 --" })).items).toEqual([]);
    expect((await page({ q: "o'brien", limit: 100 })).items).toHaveLength(5);
    const left = await db()
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    expect(Number(left[0]?.n)).toBe(60);
  });
});

describe(`GET /api/admin/submissions on ${TEST_ENGINE}: filters and counts`, () => {
  beforeAll(seedRows);

  it('lists newest first, 25 a page, by default', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<ReviewPage>();
    const all: Filters = { status: 'all', payment: 'all' };
    expect(ids(body.items)).toEqual(expectedIds(all).slice(0, 25));
    expect(body.nextCursor).toEqual(expect.any(String));
    const counts = await countsOf();
    expect(counts).toEqual(expectedCounts(all));
    // All 60 rows are counted, each once by its payment state: free entries are stored paid but
    // counted free (never "Paid 36" when 12 of them are free), refunded ones refunded.
    expect(counts).toEqual({
      status: { pending: 20, approved: 20, rejected: 20, withdrawn: 0 },
      payment: { free: 12, paid: 12, pending: 24, refunded: 12 },
    });
  });

  it('matches every combination of status, payment, search and competition, with its counts', async () => {
    let nonEmpty = 0;
    let combinations = 0;
    for (const q of [undefined, 'RA', 'शर्मा', 'EXAMPLE.com']) {
      for (const competition of [undefined, competitionA, competitionB]) {
        for (const status of ['all', ...STATUSES] as const) {
          for (const payment of PAYMENTS) {
            const filters: Filters = { q, status, payment, competition };
            const body = await page({ q, status, payment, competition, limit: 100 });
            const label = JSON.stringify(filters);
            const expected = expectedIds(filters);
            expect(ids(body.items), label).toEqual(expected);
            expect(body.nextCursor, label).toBeNull();
            const counts = await countsOf({ q, status, payment, competition });
            expect(counts, label).toEqual(expectedCounts(filters));
            for (const item of body.items) {
              if (status !== 'all') expect(item.status, label).toBe(status);
              if (competition) expect(item.competition.id, label).toBe(competition);
            }
            combinations++;
            if (expected.length > 0) nonEmpty++;
          }
        }
      }
    }
    expect(combinations).toBe(4 * 3 * 4 * 4);
    // The rows are varied enough for the check to mean something.
    expect(nonEmpty).toBeGreaterThan(120);
  });

  it('has searches that find some rows but not all, so the combinations test filters', () => {
    for (const q of ['RA', 'शर्मा', 'EXAMPLE.com']) {
      const hits = specs.filter((spec) => found(spec, q)).length;
      expect(hits, q).toBeGreaterThan(0);
      expect(hits, q).toBeLessThan(60);
    }
  });
});

describe(`GET /api/admin/submissions on ${TEST_ENGINE}: search`, () => {
  beforeAll(seedRows);

  /** The full names of what `q` finds (all on one page). */
  async function namesFound(q: string) {
    const body = await page({ q, limit: 100 });
    const filters: Filters = { q, status: 'all', payment: 'all' };
    expect(ids(body.items), q).toEqual(expectedIds(filters));
    expect(await countsOf({ q }), q).toEqual(expectedCounts(filters));
    return [...new Set(body.items.map((item) => item.fullName))].sort();
  }

  it('finds names case-insensitively in any script', async () => {
    const elodies = ['ÉLODIE ROUX', 'élodie Dubois'];
    expect(await namesFound('ÉLODIE')).toEqual(elodies);
    expect(await namesFound('élodie')).toEqual(elodies);
    expect(await namesFound('Élodie')).toEqual(elodies);
    // The same letters, decomposed (e + combining acute), as some keyboards send them.
    expect(await namesFound('E\u0301LODIE')).toEqual(elodies);
    expect(await namesFound('roux')).toEqual(['ÉLODIE ROUX']);
    expect(await namesFound('ravi kumar')).toEqual(['RaVi KUMAR']);
    expect(await namesFound('zoë')).toEqual(["Zoë O'Brien"]);
    // Devanagari and Tamil by a substring, also in the middle of a word.
    expect(await namesFound('न्या')).toEqual(['अनन्या शर्मा']);
    expect(await namesFound('शर्मा')).toEqual(['अनन्या शर्मा']);
    expect(await namesFound('राहुल')).toEqual(['राहुल वर्मा']);
    expect(await namesFound('ராஜா')).toEqual(['கார்த்திக் ராஜா']);
    expect(await namesFound('சுப்ரம')).toEqual(['மீனா சுப்ரமணியம்']);
    // Surrounding spaces are not part of the search.
    expect(await namesFound('  शर्मा  ')).toEqual(['अनन्या शर्मा']);
    expect(await namesFound('nobody by this name')).toEqual([]);
  });

  it('finds an entry by its e-mail and by its reference, in any case', async () => {
    const one = specs[7] as Spec;
    for (const q of [one.email, one.email.toUpperCase(), one.email.toLowerCase()]) {
      const body = await page({ q, limit: 100 });
      expect(ids(body.items), q).toEqual([one.id]);
    }
    for (const q of [one.reference, one.reference.toLowerCase()]) {
      const body = await page({ q });
      expect(ids(body.items), q).toEqual([one.id]);
      expect(body.items[0]?.reference).toBe(one.reference);
    }
    const domain = await page({ q: '@MAIL.TEST', limit: 100 });
    expect(ids(domain.items)).toEqual(
      expectedIds({ q: '@mail.test', status: 'all', payment: 'all' }),
    );
    expect(domain.items).toHaveLength(20);
    expect(domain.items.every((item) => item.email.endsWith('@mail.test'))).toBe(true);
  });

  it('takes % and _ (and \\) literally', async () => {
    const holding = (text: string) =>
      specs
        .filter((spec) => [spec.fullName, spec.email, spec.reference].some((f) => f.includes(text)))
        .map((spec) => spec.id);
    for (const q of ['%', '_', '%_', '\\', '50%', 'r_s', '_%']) {
      const body = await page({ q, limit: 100 });
      const expected = expectedIds({ q, status: 'all', payment: 'all' });
      expect(ids(body.items), q).toEqual(expected);
      expect([...ids(body.items)].sort(), q).toEqual(holding(q).sort());
      expect(await countsOf({ q }), q).toEqual(
        expectedCounts({ q, status: 'all', payment: 'all' }),
      );
    }
    // '%' alone finds only the five rows holding a '%', not everything.
    expect(await namesFound('%')).toEqual(['50%_off Studio']);
    expect((await page({ q: '%', limit: 100 })).items).toHaveLength(5);
    expect(await namesFound('%_')).toEqual(['50%_off Studio']);
    expect(await namesFound('_')).toEqual(['50%_off Studio', 'Under_Score Artist']);
    expect(await namesFound('\\')).toEqual(['Back\\slash Kid']);
    // As LIKE patterns these would match many rows: taken literally they match none.
    expect(await namesFound('a%a')).toEqual([]);
    expect(await namesFound('a_r')).toEqual([]);
  });

  it('finds nothing for a search spanning two fields', async () => {
    const one = specs[0] as Spec;
    const across = `${one.email.slice(-4)}\n${one.reference.slice(0, 6)}`;
    expect(specs.filter((spec) => found(spec, across))).toEqual([]);
    expect((await page({ q: across })).items).toEqual([]);
  });

  it('treats a search of only spaces as no search', async () => {
    const body = await page({ q: '   ', limit: 100 });
    expect(body.items).toHaveLength(60);
  });
});

describe(`GET /api/admin/submissions on ${TEST_ENGINE}: keyset paging`, () => {
  beforeEach(seedRows);

  const variants: Filters[] = [
    { status: 'all', payment: 'all' },
    { status: 'pending', payment: 'all' },
    { status: 'all', payment: 'paid', competition: '(A)' },
    { q: 'a', status: 'all', payment: 'pending' },
    { q: 'nobody', status: 'all', payment: 'all' },
  ];
  const resolved = (filters: Filters): Filters =>
    filters.competition === '(A)' ? { ...filters, competition: competitionA } : filters;

  for (const sort of ['newest', 'oldest'] as const) {
    it(`walks every matching row exactly once, in order (${sort})`, async () => {
      for (const variant of variants) {
        const filters = resolved(variant);
        const expected = expectedIds(filters, sort);
        const { pages, items } = await walk({ ...filters, sort }, 7);
        const label = JSON.stringify({ ...variant, sort });
        expect(ids(items), label).toEqual(expected);
        expect(new Set(ids(items)).size, label).toBe(items.length);
        expect(pages, label).toHaveLength(Math.max(1, Math.ceil(expected.length / 7)));
        expect(pages.at(-1)?.nextCursor, label).toBeNull();
        // The counts describe the filters, not a page: no page carries them.
        for (const p of pages) expect(p, label).not.toHaveProperty('counts');
      }
    });
  }

  it('breaks ties in created_at by id, also across a page boundary', async () => {
    const { pages, items } = await walk({}, 7);
    expect(ids(items)).toEqual(expectedIds({ status: 'all', payment: 'all' }));
    const splits = pages
      .slice(1)
      .filter((p, index) => p.items[0]?.createdAt === pages[index]?.items.at(-1)?.createdAt);
    expect(splits.length).toBeGreaterThan(0);
    for (let i = 1; i < items.length; i++) {
      const [before, after] = [items[i - 1] as ReviewItem, items[i] as ReviewItem];
      if (before.createdAt === after.createdAt) expect(before.id > after.id).toBe(true);
      else expect(before.createdAt > after.createdAt).toBe(true);
    }
  });

  it('pages with a limit of 1', async () => {
    for (const sort of ['newest', 'oldest'] as const) {
      const { pages, items } = await walk({ sort, status: 'approved' }, 1);
      const expected = expectedIds({ status: 'approved', payment: 'all' }, sort);
      expect(ids(items)).toEqual(expected);
      expect(pages).toHaveLength(expected.length);
    }
  });

  it('answers nextCursor null on a last page that is exactly full', async () => {
    const expected = expectedIds({ status: 'all', payment: 'all' });
    const first = await page({ limit: 30 });
    const second = await page({ limit: 30, cursor: first.nextCursor as string });
    expect(ids(second.items)).toEqual(expected.slice(30));
    expect(second.nextCursor).toBeNull();
    expect((await page({ limit: 60 })).nextCursor).toBeNull();
    expect((await page({ limit: 59 })).nextCursor).toEqual(expect.any(String));
  });

  it('keeps later pages as they were when newer entries arrive while paging (newest)', async () => {
    const before = expectedIds({ status: 'all', payment: 'all' });
    const first = await page({ limit: 10 });
    expect(ids(first.items)).toEqual(before.slice(0, 10));
    const boundary = first.items.at(-1) as ReviewItem;

    // Newer than anything, and one in the same millisecond as the page's last row but ordered
    // before it (a higher id): all belong above the first page.
    const newer: Spec[] = Array.from({ length: 5 }, (_, k) => ({
      ...specOf(k),
      id: idOf(1000 + k),
      reference: `WS-2026-9${String(k).padStart(5, '0')}`,
      createdAt: minute(100 + (k % 2)),
    }));
    newer.push({
      ...specOf(5),
      id: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
      reference: 'WS-2026-999999',
      createdAt: boundary.createdAt,
    });
    await db()
      .insertInto('submissions')
      .values(newer.map((spec) => rowOf(spec)))
      .execute();

    const rest: ReviewItem[] = [];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const next = await page({ limit: 10, cursor });
      rest.push(...next.items);
      cursor = next.nextCursor;
    }
    expect(ids([...first.items, ...rest])).toEqual(before);

    // A new walk from the first page has them on top.
    specs = [...specs, ...newer];
    const again = await walk({}, 10);
    expect(ids(again.items)).toEqual(expectedIds({ status: 'all', payment: 'all' }));
    expect(ids(again.items).slice(0, 5).sort()).toEqual(
      newer
        .slice(0, 5)
        .map((spec) => spec.id)
        .sort(),
    );
    const tie = ids(again.items).indexOf('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(again.items[tie + 1]?.id).toBe(boundary.id);
  });

  it('keeps earlier pages as they were when newer entries arrive while paging (oldest)', async () => {
    const before = expectedIds({ status: 'all', payment: 'all' }, 'oldest');
    const first = await page({ limit: 10, sort: 'oldest' });
    // Newer entries come last in this order: they join the walk at its end, once each.
    const newer = Array.from({ length: 3 }, (_, k) => ({
      ...specOf(k),
      id: idOf(2000 + k),
      reference: `WS-2026-8${String(k).padStart(5, '0')}`,
      createdAt: minute(200),
    }));
    await db()
      .insertInto('submissions')
      .values(newer.map((spec) => rowOf(spec)))
      .execute();
    const rest: ReviewItem[] = [];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const next = await page({ limit: 10, sort: 'oldest', cursor });
      rest.push(...next.items);
      cursor = next.nextCursor;
    }
    specs = [...specs, ...newer];
    expect(ids([...first.items, ...rest])).toEqual([
      ...before,
      ...ordered(newer, 'oldest').map((spec) => spec.id),
    ]);
  });
});

describe(`GET /api/admin/submissions on ${TEST_ENGINE}: the items`, () => {
  const FIELDS: FormField[] = [
    { id: 'artworkTitle', type: 'text', label: 'Artwork Title', required: true, enabled: true },
    { id: 'artworkUrl', type: 'image', label: 'Artwork Photo', required: true, enabled: true },
    { id: 'medium', type: 'text', label: 'Medium', required: true, enabled: true },
    { id: 'size', type: 'text', label: 'Size', required: true, enabled: true },
    { id: 'description', type: 'text', label: 'Description', required: false, enabled: false },
    { id: 'videoUrl', type: 'video', label: 'YouTube Video Link', required: false, enabled: true },
    { id: 'link', type: 'link', label: 'Additional Link', required: false, enabled: true },
    { id: 'backView', type: 'image', label: 'Back View', required: false, enabled: false },
  ];

  let formCategory: string;
  let formSubcategory: string;
  let gone: string;

  beforeAll(async () => {
    const category = makeCategoryRow({ name: 'Mixed Media', form_fields: JSON.stringify(FIELDS) });
    await db().insertInto('categories').values(category).execute();
    formCategory = category.id;
    const subcategory = makeSubcategoryRow(category.id, { name: 'Collage' });
    await db().insertInto('subcategories').values(subcategory).execute();
    formSubcategory = subcategory.id as string;
    const competition = makeCompetitionRow(category.id, { title: 'Closed Long Ago' });
    await db().insertInto('competitions').values(competition).execute();
    gone = competition.id;
  });

  async function itemsById() {
    const body = await page({ limit: 100 });
    return new Map(body.items.map((item) => [item.id, item]));
  }

  it('shows every column of an entry, its files as admin URLs of the display copies', async () => {
    const id = randomUUID();
    const row = makeSubmissionRow({
      id,
      reference: 'WS-2026-000777',
      competition_id: competitionA,
      competition_title: 'Monsoon Colours',
      category_id: formCategory,
      subcategory_id: formSubcategory,
      full_name: 'अनन्या Rao',
      age: 9,
      age_category: 'children',
      gender: 'female',
      email: 'ananya.rao@example.com',
      phone: '+91 90000 00001',
      address: '4 Lake Road, Chennai',
      pincode: '600001',
      photo_key: `private/submissions/${id}/photo-0a1b2c3d.jpg`,
      field_values: JSON.stringify({
        artworkTitle: 'मेरा गाँव',
        artworkUrl: `private/submissions/${id}/artworkurl-5e6f7a8b.png`,
        medium: '',
        description: 'Hidden because the field is turned off',
        videoUrl: 'https://www.youtube.com/watch?v=abc',
        link: 'https://example.com/portfolio',
        backView: `private/submissions/${id}/backview-11223344.jpg`,
        removedField: 'a value for a field the category no longer has',
      }),
      entry_type: 'paid',
      entry_fee: 499,
      status: 'approved',
      payment_status: 'paid',
      paid_at: '2026-11-12T08:00:00.000Z',
      created_at: '2026-11-12T07:59:00.000Z',
    });
    await replaceSubmissions([row]);
    const body = await page();
    expect(body).toEqual({
      items: [
        {
          id,
          reference: 'WS-2026-000777',
          fullName: 'अनन्या Rao',
          email: 'ananya.rao@example.com',
          phone: '+91 90000 00001',
          age: 9,
          ageCategory: 'children',
          gender: 'female',
          address: '4 Lake Road, Chennai',
          pincode: '600001',
          createdAt: '2026-11-12T07:59:00.000Z',
          competition: { id: competitionA, title: 'Monsoon Colours' },
          category: { id: formCategory, name: 'Mixed Media' },
          subcategory: { id: formSubcategory, name: 'Collage' },
          status: 'approved',
          paymentState: 'received',
          entryFee: 499,
          photoUrl: `/api/admin/files/submissions/${id}/photo-0a1b2c3d.jpg`,
          pictures: 'ready',
          fields: [
            { id: 'artworkTitle', label: 'Artwork Title', type: 'text', value: 'मेरा गाँव' },
            {
              id: 'artworkUrl',
              label: 'Artwork Photo',
              type: 'image',
              value: `/api/admin/files/submissions/${id}/artworkurl-5e6f7a8b-display.webp`,
            },
            {
              id: 'videoUrl',
              label: 'YouTube Video Link',
              type: 'video',
              value: 'https://www.youtube.com/watch?v=abc',
            },
            {
              id: 'link',
              label: 'Additional Link',
              type: 'link',
              value: 'https://example.com/portfolio',
            },
          ],
          possibleDuplicate: false,
          changedAfterReview: null,
        },
      ],
      nextCursor: null,
    });
    // Never the original of an image.
    expect(body.items[0]?.fields.some((field) => field.value.endsWith('5e6f7a8b.png'))).toBe(false);
  });

  it('keeps the title snapshot when the competition is gone, and ids when names are', async () => {
    const unknown = makeSubmissionRow({
      competition_id: null,
      competition_title: 'Retired Competition 2025',
      category_id: randomUUID(),
      subcategory_id: randomUUID(),
      created_at: minute(1),
    });
    const deleted = makeSubmissionRow({
      competition_id: gone,
      competition_title: 'Closed Long Ago',
      category_id: formCategory,
      subcategory_id: randomUUID(),
      created_at: minute(2),
    });
    const none = makeSubmissionRow({
      competition_id: null,
      competition_title: 'Unknown Competition',
      category_id: null,
      subcategory_id: null,
      created_at: minute(3),
    });
    await replaceSubmissions([unknown, deleted, none]);
    await db().deleteFrom('competitions').where('id', '=', gone).execute();

    const items = await itemsById();
    const first = items.get(unknown.id as string) as ReviewItem;
    expect(first.competition).toEqual({ id: null, title: 'Retired Competition 2025' });
    expect(first.category).toEqual({ id: unknown.category_id, name: null });
    expect(first.subcategory).toEqual({ id: unknown.subcategory_id, name: null });
    expect(first.fields).toEqual([]);

    const second = items.get(deleted.id as string) as ReviewItem;
    expect(second.competition).toEqual({ id: null, title: 'Closed Long Ago' });
    expect(second.category).toEqual({ id: formCategory, name: 'Mixed Media' });
    expect(second.subcategory).toEqual({ id: deleted.subcategory_id, name: null });

    const third = items.get(none.id as string) as ReviewItem;
    expect(third.competition).toEqual({ id: null, title: 'Unknown Competition' });
    expect(third.category).toEqual({ id: null, name: null });
    expect(third.subcategory).toEqual({ id: null, name: null });
    expect(third.fields).toEqual([]);

    // Entries whose competition is gone are found by no competition filter.
    expect((await page({ competition: gone })).items).toEqual([]);
  });

  it("names each entry's payment state as seed §4 does, refunded once refunded", async () => {
    const cases = [
      { expected: 'free', entry_type: 'free', entry_fee: 0, payment_status: 'paid' },
      { expected: 'free', entry_type: 'paid', entry_fee: 0, payment_status: 'paid' },
      {
        expected: 'free',
        entry_type: 'paid',
        entry_fee: 0,
        payment_status: 'paid',
        refunded_at: minute(9),
      },
      { expected: 'received', entry_type: 'paid', entry_fee: 499, payment_status: 'paid' },
      { expected: 'pending', entry_type: 'paid', entry_fee: 499, payment_status: 'pending' },
      {
        expected: 'refunded',
        entry_type: 'paid',
        entry_fee: 250,
        payment_status: 'paid',
        refunded_at: minute(9),
      },
    ] as const;
    const rows = cases.map(({ expected: _expected, ...values }, n) =>
      makeSubmissionRow({ ...values, created_at: minute(n) }),
    );
    await replaceSubmissions(rows);
    const items = await itemsById();
    cases.forEach((c, n) => {
      const item = items.get(rows[n]?.id as string) as ReviewItem;
      expect(item.paymentState, JSON.stringify(c)).toBe(c.expected);
      expect(item.entryFee).toBe(c.entry_fee);
    });
    // The payment filter follows the stored columns: a refunded entry was paid.
    const paid = await page({ payment: 'paid', limit: 100 });
    expect(paid.items.map((item) => item.paymentState).sort()).toEqual([
      'free',
      'free',
      'free',
      'received',
      'refunded',
    ]);
    expect((await page({ payment: 'free' })).items).toHaveLength(3);
    expect((await page({ payment: 'pending' })).items.map((i) => i.paymentState)).toEqual([
      'pending',
    ]);
  });
});
