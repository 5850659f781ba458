/**
 * The submissions review at scale for `npm run bench`: 100,000 generated
 * submissions written straight into the database, the views measured (a filter, a search), the
 * cursor of the page after row 50,000 of each (its query plans in query-plans.ts, the throw-away
 * PostgreSQL database it runs on in pg-database.ts).
 */
import { randomUUID } from 'node:crypto';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Engine } from '../../src/server/db/database.ts';
import type { DB, SubmissionsTable } from '../../src/server/db/schema.ts';
import {
  countReviewFacets,
  findReviewPage,
  type ReviewFilters,
} from '../../src/server/features/review/review.repository.ts';
import { searchPattern, searchTextOf } from '../../src/server/features/submissions/search-text.ts';
import { ageCategoryFor } from '../../src/shared/domain/age-category.ts';
import { CITIES, DOMAINS, FIRST_NAMES, MEDIUMS, SURNAMES } from './review-names.ts';
import { seededRandom } from './seeded-random.ts';

export const REVIEW_ROWS = 100_000;
/** The deep page starts after this row of its view (the view's middle when it has fewer). */
export const DEEP_ROW = 50_000;
/** Rows per INSERT: 500 rows of 28 columns stay under both engines' limit on parameters. */
const BATCH = 500;

type Log = (message: string) => void;

// --- the views measured
// ---------------------------------------------------------------------------

export interface ReviewView {
  /** As it appears in the report. */
  name: string;
  /** The query string of `GET /api/admin/submissions`, without cursor. */
  params: Record<string, string>;
  /** The same view as the repository reads it. */
  filters: ReviewFilters;
}

const view = (params: {
  q?: string;
  status: ReviewFilters['status'];
  payment: ReviewFilters['payment'];
}): ReviewView => {
  const query: Record<string, string> = {};
  if (params.q !== undefined) query.q = params.q;
  query.status = params.status;
  if (params.payment !== 'all') query.payment = params.payment;
  return {
    name: Object.entries(query)
      .map(([key, value]) => `${key}=${value}`)
      .join('&'),
    params: query,
    filters: {
      pattern: params.q === undefined ? undefined : searchPattern(params.q),
      status: params.status,
      payment: params.payment,
      hideWithdrawn: true,
      competitionId: undefined,
    },
  };
};

/**
 * (a) a filter: pending review with the payment received (about 58 % of the rows); (b) a search
 * for a common substring of names and e-mails ('ma': Sharma, Kumar, gmail..., about 72 %);
 * (c) a surname in Devanagari (about 1 %, so its deep page starts after its middle row): the rare
 * search, where a keyset page reads the most rows to fill itself.
 */
export const REVIEW_VIEWS: ReviewView[] = [
  view({ status: 'pending', payment: 'paid' }),
  view({ q: 'ma', status: 'all', payment: 'all' }),
  view({ q: 'शर्मा', status: 'all', payment: 'all' }),
];

export function reviewUrl(base: string, reviewView: ReviewView, cursor?: string): string {
  const query = new URLSearchParams(reviewView.params);
  if (cursor !== undefined) query.set('cursor', cursor);
  return `${base}/api/admin/submissions?${query.toString()}`;
}

/** The view's counts (`GET /api/admin/submissions/counts`): asked once per view, not per page. */
export function countsUrl(base: string, reviewView: ReviewView): string {
  const query = new URLSearchParams(reviewView.params);
  return `${base}/api/admin/submissions/counts?${query.toString()}`;
}

// --- generated submissions
// --------------------------------------------------------------------------

interface CompetitionSnapshot {
  id: string;
  title: string;
  categoryId: string;
  subcategoryId: string | null;
  fee: number;
}

/** Two or three of the demo competitions, with fees as set, and one of them free. */
async function competitionsToFill(db: Kysely<DB>): Promise<CompetitionSnapshot[]> {
  const all = await db
    .selectFrom('competitions')
    .select(['id', 'title', 'category_id', 'subcategory_id', 'entry_fee'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const free = all.filter((c) => c.entry_fee === 0).slice(0, 1);
  const paid = all.filter((c) => c.entry_fee > 0).slice(0, 3 - free.length);
  const chosen = [...free, ...paid];
  if (chosen.length < 2) {
    throw new Error(`The demo content has ${all.length} competition(s): two or more are needed`);
  }
  return chosen.map((c) => ({
    id: c.id,
    title: c.title,
    categoryId: c.category_id,
    subcategoryId: c.subcategory_id,
    fee: c.entry_fee,
  }));
}

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

/**
 * Writes `count` submissions in batches in one transaction, oldest first: 20 % of the names in
 * Devanagari; 65 % pending review, 22 % approved, 13 % rejected; 85 % of the paid entries with the
 * payment received (free entries count as paid, seed §5), 1 % of those refunded; about one every 30
 * seconds, with every 50th sharing its instant with the one before (the id breaks the tie).
 */
export async function generateSubmissions(
  db: Kysely<DB>,
  count: number,
  log: Log,
): Promise<{ ms: number; competitions: number }> {
  const started = performance.now();
  const competitions = await competitionsToFill(db);
  const random = seededRandom(20261126);
  const start = Date.parse('2025-06-01T00:00:00.000Z');
  const year = '2025';
  let at = start;

  const row = (index: number): Insertable<SubmissionsTable> => {
    if (index % 50 !== 0 || index === 0) at += 1_000 + Math.floor(random() * 58_000);
    const createdAt = new Date(at).toISOString();
    const [firstLatin, firstDevanagari] = pick(random, FIRST_NAMES);
    const [lastLatin, lastDevanagari] = pick(random, SURNAMES);
    const devanagari = random() < 0.2;
    const fullName = devanagari
      ? `${firstDevanagari} ${lastDevanagari}`
      : `${firstLatin} ${lastLatin}`;
    const email =
      `${firstLatin}.${lastLatin}${Math.floor(random() * 1000)}@${pick(random, DOMAINS)}`.toLowerCase();
    const reference = `WS-${year}-${String(index + 1).padStart(6, '0')}`;
    const competition = pick(random, competitions);
    const paidEntry = competition.fee > 0;
    const received = !paidEntry || random() < 0.85;
    const refunded = paidEntry && received && random() < 0.01;
    const statusDraw = random();
    const status = statusDraw < 0.65 ? 'pending' : statusDraw < 0.87 ? 'approved' : 'rejected';
    const age = 4 + Math.floor(random() * 60);
    const [city, pincode] = pick(random, CITIES);
    const photoKey = `private/bench/${index}/photo.jpg`;
    return {
      id: randomUUID(),
      reference,
      competition_id: competition.id,
      competition_title: competition.title,
      category_id: competition.categoryId,
      subcategory_id: competition.subcategoryId,
      full_name: fullName,
      age,
      age_category: ageCategoryFor(age) ?? 'adult',
      gender: pick(random, ['male', 'female', 'female', 'male', 'transgender'] as const),
      email,
      phone: `+91 9${String(Math.floor(random() * 1e9)).padStart(9, '0')}`,
      address: `${1 + Math.floor(random() * 200)} MG Road, ${city}`,
      pincode,
      photo_key: photoKey,
      field_values: JSON.stringify({
        artworkTitle: `Study ${index + 1}`,
        artworkUrl: `private/bench/${index}/artwork.jpg`,
        medium: pick(random, MEDIUMS),
        size: 'A3',
        description: '',
      }),
      entry_type: paidEntry ? 'paid' : 'free',
      entry_fee: competition.fee,
      status,
      payment_status: received ? 'paid' : 'pending',
      idempotency_key: randomUUID(),
      idempotency_hash: null,
      consent_at: createdAt,
      guardian_name: age < 18 ? 'Guardian Name' : null,
      guardian_consent_at: age < 18 ? createdAt : null,
      paid_at: paidEntry && received ? createdAt : null,
      refunded_at: refunded ? createdAt : null,
      search_text: searchTextOf({ fullName, email, reference }),
      created_at: createdAt,
      updated_at: createdAt,
    };
  };

  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < count; from += BATCH) {
      const rows: Insertable<SubmissionsTable>[] = [];
      for (let i = from; i < Math.min(count, from + BATCH); i++) rows.push(row(i));
      await trx.insertInto('submissions').values(rows).execute();
      if ((from / BATCH) % 40 === 39) log(`  ${from + rows.length} submissions written`);
    }
    // Registrations after these continue the series instead of meeting a taken reference.
    await trx
      .insertInto('reference_counters')
      .values({ series: `WS-${year}`, value: count })
      .onConflict((oc) => oc.column('series').doUpdateSet({ value: count }))
      .execute();
  });
  return { ms: performance.now() - started, competitions: competitions.length };
}

/** PostgreSQL after a bulk load: what autovacuum would do soon anyway, done before measuring. */
export async function settleAfterLoad(db: Kysely<DB>, engine: Engine): Promise<void> {
  if (engine === 'postgres') await sql`vacuum analyze submissions`.execute(db);
  // SQLite: nothing. The app never runs ANALYZE, so the planner works without statistics there.
}

// --- where the deep page starts
// ---------------------------------------------------------------------

export interface DeepPosition {
  /** How many rows the view has. */
  viewRows: number;
  /** The page starts after this row of the view (1-based). */
  afterRow: number;
  cursor: string;
  /** The id of the row the deep page must start with, to check the server's answer. */
  expectedFirstId: string | undefined;
}

/** The review's cursor for a row, as review.service.ts's cursorOf writes it. */
const cursorOf = (row: { created_at: string; id: string }) =>
  Buffer.from(`${row.created_at}|${row.id}`).toString('base64url');

/**
 * The cursor of the page after row DEEP_ROW of `reviewView` (after its middle row when it has
 * fewer), read with the repository's own query, so the filter is exactly the server's.
 */
export async function deepPosition(db: Kysely<DB>, reviewView: ReviewView): Promise<DeepPosition> {
  const counts = await countReviewFacets(db, reviewView.filters);
  const viewRows =
    reviewView.filters.status === 'all'
      ? counts.status.pending + counts.status.approved + counts.status.rejected
      : counts.status[reviewView.filters.status];
  const afterRow = viewRows > DEEP_ROW ? DEEP_ROW : Math.floor(viewRows / 2);
  if (afterRow < 1) throw new Error(`The view ${reviewView.name} has no rows`);
  const rows = await findReviewPage(db, reviewView.filters, 'newest', undefined, afterRow + 1);
  const last = rows[afterRow - 1];
  if (!last) throw new Error(`The view ${reviewView.name} has fewer than ${afterRow} rows`);
  return { viewRows, afterRow, cursor: cursorOf(last), expectedFirstId: rows[afterRow]?.id };
}

// --- between measured runs
// -----------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const IDLE_HEALTH_MS = 50;
const IDLE_WAIT_MS = 120_000;

/**
 * Waits until GET /api/health answers within IDLE_HEALTH_MS twice in a row: the server has
 * finished the requests a stopped load left queued (it answers them even after the connections
 * closed), so they do not eat into the next measured run. Gives up quietly after IDLE_WAIT_MS.
 */
export async function waitUntilIdle(base: string, log: Log): Promise<void> {
  const started = performance.now();
  let quick = 0;
  while (performance.now() - started < IDLE_WAIT_MS) {
    const sent = performance.now();
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
    } catch {
      // Slow or refused: not idle yet.
    }
    quick = performance.now() - sent <= IDLE_HEALTH_MS ? quick + 1 : 0;
    if (quick >= 2) break;
    await sleep(100);
  }
  const waited = performance.now() - started;
  if (waited > 1_000) log(`  waited ${(waited / 1000).toFixed(1)} s for the server to go idle`);
}
