import type { Insertable } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  makeCategoryRow,
  makeCompetitionRow,
  makeSubmissionRow,
} from '../../../../tests/factories/rows.ts';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { Dashboard } from '../../../shared/schemas/admin.ts';
import type { ReviewCounts, ReviewItem, ReviewPage } from '../../../shared/schemas/review.ts';
import type { SubmissionsTable } from '../../db/schema.ts';

/*
 * Over HTTP: the admin sees likely duplicates (the same e-mail, trimmed and in
 * any case, in the same competition, one of them unpaid) on the review screen and the dashboard.
 */

const t = useTestApp();
const db = () => t.app.deps.db;

let token: string;
let competitionA: string;
let competitionB: string;
beforeAll(async () => {
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
  const category = makeCategoryRow({ name: 'Painting' });
  await db().insertInto('categories').values(category).execute();
  const a = makeCompetitionRow(category.id, { title: 'Monsoon Colours' });
  const b = makeCompetitionRow(category.id, { title: 'चित्रकला उत्सव' });
  await db().insertInto('competitions').values([a, b]).execute();
  competitionA = a.id;
  competitionB = b.id;
});

const minute = (n: number) => new Date(Date.UTC(2026, 10, 10, 9, n)).toISOString();

type Kind = 'received' | 'pending' | 'free';

/** The n-th entry: its e-mail as typed, its competition, and whether its fee came. */
function entry(n: number, email: string, competitionId: string | null, kind: Kind) {
  return makeSubmissionRow({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    reference: `WS-2026-${String(n).padStart(6, '0')}`,
    email,
    competition_id: competitionId,
    competition_title: competitionId === competitionB ? 'चित्रकला उत्सव' : 'Monsoon Colours',
    entry_type: kind === 'free' ? 'free' : 'paid',
    entry_fee: kind === 'free' ? 0 : 499,
    payment_status: kind === 'pending' ? 'pending' : 'paid',
    created_at: minute(n),
    updated_at: minute(n),
  });
}

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let rows: Insertable<SubmissionsTable>[];

beforeEach(async () => {
  rows = [
    // Paid, then a second try left unpaid, the address typed differently: both are duplicates.
    entry(1, 'Meera.S@Example.com', competitionA, 'received'),
    entry(2, '  meera.s@example.COM ', competitionA, 'pending'),
    // The same address in another competition, once: not a duplicate.
    entry(3, 'meera.s@example.com', competitionB, 'received'),
    // Both paid: two real entries, not a stray one.
    entry(4, 'ravi@art.in', competitionA, 'received'),
    entry(5, 'ravi@art.in', competitionA, 'received'),
    // Both free: nothing unpaid.
    entry(6, 'kid@mail.test', competitionB, 'free'),
    entry(7, 'kid@mail.test', competitionB, 'free'),
    // Three tries, none paid: all three.
    entry(8, 'zoe@mail.test', competitionB, 'pending'),
    entry(9, 'zoe@mail.test', competitionB, 'pending'),
    entry(10, 'ZOE@mail.test', competitionB, 'pending'),
    // The competition is gone: nothing to compare within.
    entry(11, 'old@mail.test', null, 'pending'),
    entry(12, 'old@mail.test', null, 'pending'),
    // Another address, unpaid, alone.
    entry(13, 'meera.s2@example.com', competitionA, 'pending'),
  ];
  await db().deleteFrom('submissions').execute();
  await db().insertInto('submissions').values(rows).execute();
});

const DUPLICATES = [10, 9, 8, 2, 1].map(idOf);

async function get<T>(url: string): Promise<T> {
  const response = await asAdmin(t, token, 'GET', url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

const flagged = (page: ReviewPage) =>
  page.items.filter((item) => item.possibleDuplicate).map((item) => item.id);

describe(`likely duplicates on ${TEST_ENGINE}`, () => {
  it('flags the rows of a page that are likely duplicates, and only those', async () => {
    const page = await get<ReviewPage>('/api/admin/submissions');
    expect(page.items).toHaveLength(13);
    expect(flagged(page)).toEqual(DUPLICATES);
    // The flag is the row's own, whatever page it is on.
    const first = await get<ReviewPage>('/api/admin/submissions?limit=2&sort=oldest');
    expect(first.items.map((item) => [item.id, item.possibleDuplicate])).toEqual([
      [idOf(1), true],
      [idOf(2), true],
    ]);
  });

  it('filters to the likely duplicates, with the other filters, newest first, page by page', async () => {
    expect(
      (await get<ReviewPage>('/api/admin/submissions?duplicates=only')).items.map((i) => i.id),
    ).toEqual(DUPLICATES);
    const group = await get<ReviewPage>(
      `/api/admin/submissions?duplicates=only&competition=${competitionA}&q=${encodeURIComponent('meera.s@example.com')}`,
    );
    expect(group.items.map((i) => [i.id, i.paymentState])).toEqual([
      [idOf(2), 'pending'],
      [idOf(1), 'received'],
    ]);
    expect(
      (await get<ReviewPage>('/api/admin/submissions?duplicates=only&payment=paid')).items.map(
        (i) => i.id,
      ),
    ).toEqual([idOf(1)]);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: ReviewPage = await get<ReviewPage>(
        `/api/admin/submissions?duplicates=only&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(DUPLICATES);
  });

  it('counts each entry once by its payment state, under the filter only the duplicates', async () => {
    expect(await get<ReviewCounts>('/api/admin/submissions/counts')).toEqual({
      status: { pending: 13, approved: 0, rejected: 0, withdrawn: 0 },
      payment: { free: 2, paid: 4, pending: 7, refunded: 0 },
    });
    expect(await get<ReviewCounts>('/api/admin/submissions/counts?duplicates=only')).toEqual({
      status: { pending: 5, approved: 0, rejected: 0, withdrawn: 0 },
      payment: { free: 0, paid: 1, pending: 4, refunded: 0 },
    });
  });

  it('clears the flag of the entry left once the stray unpaid one is deleted', async () => {
    const response = await asAdmin(t, token, 'DELETE', `/api/admin/submissions/${idOf(2)}`);
    expect(response.statusCode).toBe(204);
    const page = await get<ReviewPage>(`/api/admin/submissions?competition=${competitionA}`);
    expect(page.items.find((i) => i.id === idOf(1))?.possibleDuplicate).toBe(false);
    expect(flagged(await get<ReviewPage>('/api/admin/submissions'))).toEqual([10, 9, 8].map(idOf));
  });

  it('lists the groups on the dashboard, largest first, with their total', async () => {
    const dashboard = await get<Dashboard>('/api/admin/dashboard');
    expect(dashboard.likelyDuplicates).toEqual({
      total: 2,
      groups: [
        {
          competitionId: competitionB,
          competitionTitle: 'चित्रकला उत्सव',
          email: 'zoe@mail.test',
          entries: 3,
          unpaid: 3,
        },
        {
          competitionId: competitionA,
          competitionTitle: 'Monsoon Colours',
          email: 'meera.s@example.com',
          entries: 2,
          unpaid: 1,
        },
      ],
    });
  });

  it('refuses a duplicates filter other than only (400, the envelope), and any caller without a session', async () => {
    for (const value of ['yes', '1', 'ONLY', '']) {
      for (const path of ['/api/admin/submissions', '/api/admin/submissions/counts']) {
        const response = await asAdmin(t, token, 'GET', `${path}?duplicates=${value}`);
        expect(response.statusCode, `${path} ${value}`).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_ERROR');
        expect(response.body).not.toContain('@');
      }
    }
    for (const url of [
      '/api/admin/submissions?duplicates=only',
      '/api/admin/submissions/counts?duplicates=only',
      '/api/admin/dashboard',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: OUR_CLIENT_HEADERS });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' },
      });
      expect(response.body).not.toContain('@');
    }
    expect(await db().selectFrom('submissions').select('id').execute()).toHaveLength(13);
  });

  it('compares e-mails with spaces trimmed and in any case', async () => {
    await db()
      .insertInto('submissions')
      .values(entry(14, 'RAVI@ART.IN\t', competitionA, 'pending'))
      .execute();
    // A tab is not trimmed: no registration stores one, and SQL's trim takes spaces only.
    expect(
      flagged(await get<ReviewPage>(`/api/admin/submissions?competition=${competitionA}`)),
    ).toEqual([2, 1].map(idOf));
    await db()
      .insertInto('submissions')
      .values(entry(15, ' RAVI@ART.IN', competitionA, 'pending'))
      .execute();
    expect(
      flagged(await get<ReviewPage>(`/api/admin/submissions?competition=${competitionA}`)),
    ).toEqual([15, 5, 4, 2, 1].map(idOf));
  });
});

describe(`GET /api/admin/submissions/:id/review on ${TEST_ENGINE}: one entry as the review shows it`, () => {
  it('answers the row of the review, with its photo as an admin URL and its duplicate flag', async () => {
    const item = await get<ReviewItem>(`/api/admin/submissions/${idOf(2)}/review`);
    expect(item).toMatchObject({
      id: idOf(2),
      reference: 'WS-2026-000002',
      email: '  meera.s@example.COM ',
      competition: { id: competitionA, title: 'Monsoon Colours' },
      paymentState: 'pending',
      photoUrl: '/api/admin/files/photo.jpg',
      possibleDuplicate: true,
    });
    const page = await get<ReviewPage>(`/api/admin/submissions?competition=${competitionA}`);
    // The entry page's own: its works.
    expect({ ...item, works: undefined }).toEqual(page.items.find((i) => i.id === idOf(2)));
    expect(
      (await get<ReviewItem>(`/api/admin/submissions/${idOf(3)}/review`)).possibleDuplicate,
    ).toBe(false);
  });

  it('answers 404 for an entry that does not exist, 400 for no id, 401 without a session', async () => {
    const missing = await asAdmin(
      t,
      token,
      'GET',
      '/api/admin/submissions/00000000-0000-4000-8000-999999999999/review',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Submission not found.' },
    });
    const bad = await asAdmin(t, token, 'GET', '/api/admin/submissions/not-an-id/review');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/admin/submissions/${idOf(2)}/review`,
      headers: OUR_CLIENT_HEADERS,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('meera');
  });
});
