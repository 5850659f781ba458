import type { Insertable } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeCategoryRow,
  makeCompetitionRow,
  makeSubmissionRow,
} from '../../../../tests/factories/rows.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { CompetitionsTable, SubmissionsTable } from '../../db/schema.ts';
import { loadDashboard } from './dashboard.service.ts';

const t = useTestApp();
const db = () => t.app.deps.db;
const ZONE = 'Asia/Kolkata';
/** Noon on 15 November 2026 in India: today is 2026-11-15 there. */
const NOW = new Date('2026-11-15T06:30:00Z');

beforeEach(async () => {
  await db().deleteFrom('submissions').execute();
  await db().deleteFrom('competitions').execute();
  await db().deleteFrom('subcategories').execute();
  await db().deleteFrom('categories').execute();
});

async function addCategory(name: string) {
  const row = makeCategoryRow({ name });
  await db().insertInto('categories').values(row).execute();
  return row;
}

async function addCompetition(
  categoryId: string,
  title: string,
  overrides: Partial<Insertable<CompetitionsTable>>,
) {
  const row = makeCompetitionRow(categoryId, { title, ...overrides });
  await db().insertInto('competitions').values(row).execute();
  return row;
}

async function addSubmission(overrides: Partial<Insertable<SubmissionsTable>>) {
  await db().insertInto('submissions').values(makeSubmissionRow(overrides)).execute();
}

describe(`loadDashboard on ${TEST_ENGINE}`, () => {
  it('is all zeros and empty lists on an empty site', async () => {
    expect(await loadDashboard(db(), ZONE, NOW)).toEqual({
      totalCompetitions: 0,
      totalCategories: 0,
      activeCompetitions: 0,
      participants: 0,
      pendingReviews: 0,
      monthlyGrowthPercent: null,
      revenue: 0,
      recentCompetitions: [],
      upcomingCompetitions: [],
      recentSubmissions: [],
      paidTwice: [],
      likelyDuplicates: { total: 0, groups: [] },
    });
  });

  it("lists the newest entries with seed §4's payment states, and the entries paid twice", async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 10, 10, minute)).toISOString();
    const rows = [
      { reference: 'WS-2026-000001', created_at: at(1), entry_type: 'free', entry_fee: 0 },
      { reference: 'WS-2026-000002', created_at: at(2), entry_fee: 500, payment_status: 'paid' },
      { reference: 'WS-2026-000003', created_at: at(3), entry_fee: 500, payment_status: 'pending' },
      {
        reference: 'WS-2026-000004',
        created_at: at(4),
        entry_fee: 700,
        payment_status: 'paid',
        refunded_at: at(5),
      },
    ] as const;
    const ids: string[] = [];
    for (const row of rows) {
      const made = makeSubmissionRow({ entry_type: 'paid', ...row });
      ids.push(made.id);
      await db().insertInto('submissions').values(made).execute();
    }
    // Entry 2 paid twice (both captured), entry 4 paid twice and refunded once: only 2 is owed.
    const pay = async (submission: string, order: string, payment: string, status: string) => {
      const stamp = at(6);
      await db()
        .insertInto('payment_orders')
        .values({
          order_id: order,
          submission_id: submission,
          provider: 'test',
          amount_paise: 50000,
          currency: 'INR',
          status: 'paid',
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
      await db()
        .insertInto('payments')
        .values({
          payment_id: payment,
          order_id: order,
          submission_id: submission,
          provider: 'test',
          amount_paise: 50000,
          currency: 'INR',
          status: status as 'captured',
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    };
    await pay(ids[1] as string, 'order_a', 'pay_a1', 'captured');
    await pay(ids[1] as string, 'order_a', 'pay_a2', 'captured');
    await pay(ids[3] as string, 'order_b', 'pay_b1', 'captured');
    await pay(ids[3] as string, 'order_b', 'pay_b2', 'refunded');

    const dashboard = await loadDashboard(db(), ZONE, NOW);
    expect(dashboard.recentSubmissions.map((s) => [s.reference, s.paymentState])).toEqual([
      ['WS-2026-000004', 'refunded'],
      ['WS-2026-000003', 'pending'],
      ['WS-2026-000002', 'received'],
      ['WS-2026-000001', 'free'],
    ]);
    expect(dashboard.paidTwice).toEqual([
      {
        id: ids[1],
        reference: 'WS-2026-000002',
        fullName: expect.any(String) as string,
        competitionTitle: expect.any(String) as string,
      },
    ]);
    // A refunded entry's fee is not revenue.
    expect(dashboard.revenue).toBe(500);
  });

  it('counts, sums and lists from the rows', async () => {
    const painting = await addCategory('Painting');
    await addCategory('Sketching');
    const created = (n: number) => new Date(Date.UTC(2026, 9, 1 + n)).toISOString();
    // Active means the end date is today or later in India.
    const ended = await addCompetition(painting.id, 'Ended yesterday', {
      start_date: '2026-10-01',
      end_date: '2026-11-14',
      created_at: created(0),
    });
    const endsToday = await addCompetition(painting.id, 'Ends today', {
      start_date: '2026-11-01',
      end_date: '2026-11-15',
      created_at: created(1),
    });
    const startsToday = await addCompetition(painting.id, 'Starts today', {
      start_date: '2026-11-15',
      end_date: '2026-11-30',
      created_at: created(2),
    });
    const upcoming = [];
    for (const [i, start] of [
      '2027-03-01',
      '2026-11-16',
      '2027-01-01',
      '2026-12-01',
      '2027-02-01',
      '2026-11-20',
    ].entries()) {
      upcoming.push(
        await addCompetition(painting.id, `Upcoming ${start}`, {
          start_date: start,
          end_date: '2027-06-30',
          created_at: created(3 + i),
        }),
      );
    }

    // Month boundaries are India's: 2026-10-31T18:30Z is 1 November 00:00 there.
    const thisMonth = ['2026-10-31T18:30:00.000Z', '2026-11-10T10:00:00.000Z', NOW.toISOString()];
    const lastMonth = ['2026-09-30T18:30:00.000Z', '2026-10-31T18:29:59.999Z'];
    const earlier = ['2026-09-30T18:29:59.999Z'];
    const later = ['2026-11-30T18:30:00.000Z']; // 1 December in India: next month, not this one
    const rows: Partial<Insertable<SubmissionsTable>>[] = [
      // Paid and paid for: counted as revenue.
      { created_at: thisMonth[0], entry_type: 'paid', entry_fee: 499, payment_status: 'paid' },
      {
        created_at: thisMonth[1],
        entry_type: 'paid',
        entry_fee: 299,
        payment_status: 'paid',
        status: 'approved',
      },
      // Paid entry, payment not made: no revenue.
      { created_at: thisMonth[2], entry_type: 'paid', entry_fee: 1000, payment_status: 'pending' },
      // Free entries never count as revenue, whatever they say.
      { created_at: lastMonth[0], entry_type: 'free', entry_fee: 50, payment_status: 'paid' },
      { created_at: lastMonth[1], entry_type: 'free', entry_fee: 0, status: 'approved' },
      {
        created_at: earlier[0],
        entry_type: 'paid',
        entry_fee: 100,
        payment_status: 'paid',
        status: 'rejected',
      },
      { created_at: later[0], entry_type: 'free', entry_fee: 0, status: 'approved' },
    ];
    for (const row of rows) await addSubmission(row);

    const dashboard = await loadDashboard(db(), ZONE, NOW);
    expect(dashboard).toMatchObject({
      totalCompetitions: 9,
      totalCategories: 2,
      activeCompetitions: 8,
      participants: 7,
      pendingReviews: 3,
      monthlyGrowthPercent: 50,
      revenue: 499 + 299 + 100,
    });
    expect(dashboard.recentCompetitions).toEqual(
      [...upcoming]
        .reverse()
        .slice(0, 5)
        .map((c) => ({ id: c.id, title: c.title, createdAt: c.created_at })),
    );
    expect(dashboard.upcomingCompetitions.map((c) => c.startDate)).toEqual([
      '2026-11-16',
      '2026-11-20',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
    const first = upcoming.find((c) => c.start_date === '2026-11-16');
    expect(dashboard.upcomingCompetitions[0]).toEqual({
      id: first?.id,
      title: 'Upcoming 2026-11-16',
      startDate: '2026-11-16',
    });
    const listed = dashboard.upcomingCompetitions.map((c) => c.id);
    for (const c of [ended, endsToday, startsToday]) expect(listed).not.toContain(c.id);
  });

  it('growth is null when last month had no submissions, and may fall', async () => {
    await addSubmission({ created_at: '2026-11-02T00:00:00.000Z' });
    expect((await loadDashboard(db(), ZONE, NOW)).monthlyGrowthPercent).toBeNull();

    for (const at of [
      '2026-10-05T00:00:00.000Z',
      '2026-10-06T00:00:00.000Z',
      '2026-10-07T00:00:00.000Z',
    ]) {
      await addSubmission({ created_at: at });
    }
    // 1 this month against 3 last: a fall of two thirds, to one decimal.
    expect((await loadDashboard(db(), ZONE, NOW)).monthlyGrowthPercent).toBe(-66.7);
  });

  it('compares January with December of the year before', async () => {
    const january = new Date('2027-01-10T06:30:00Z');
    await addSubmission({ created_at: '2026-12-05T00:00:00.000Z' });
    await addSubmission({ created_at: '2027-01-02T00:00:00.000Z' });
    await addSubmission({ created_at: '2027-01-03T00:00:00.000Z' });
    expect((await loadDashboard(db(), ZONE, january)).monthlyGrowthPercent).toBe(100);
  });

  it('is what GET /api/admin/dashboard answers a signed-in admin', async () => {
    const category = await addCategory('Painting');
    await addCompetition(category.id, 'Far ahead', {
      start_date: '2999-01-01',
      end_date: '2999-02-01',
    });
    await addSubmission({ entry_type: 'paid', entry_fee: 250, payment_status: 'paid' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'white-stroke' },
      payload: { username: 'admin', password: t.config.adminPassword },
    });
    expect(login.statusCode).toBe(200);
    const token = login.cookies.find((c) => c.name === 'ws_session')?.value ?? '';
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      cookies: { ws_session: token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      totalCompetitions: 1,
      totalCategories: 1,
      activeCompetitions: 1,
      participants: 1,
      pendingReviews: 1,
      revenue: 250,
      upcomingCompetitions: [{ title: 'Far ahead', startDate: '2999-01-01' }],
    });
  });
});
