import type { Kysely } from 'kysely';
import { startOfDayIn, todayIn } from '../../../shared/domain/competition-status.ts';
import type { Dashboard } from '../../../shared/schemas/admin.ts';
import type { DB } from '../../db/schema.ts';

export const DASHBOARD_LIST_SIZE = 5;

/** The instant a calendar month begins in the site time zone (monthIndex may under/overflow). */
function monthStart(year: number, monthIndex: number, timeZone: string): string {
  const first = new Date(Date.UTC(year, monthIndex, 1)).toISOString().slice(0, 10);
  return startOfDayIn(first, timeZone).toISOString();
}

/** PRODUCT.md point 8: the seed's dashboard with real numbers instead of placeholders. */
export async function loadDashboard(
  db: Kysely<DB>,
  timeZone: string,
  now = new Date(),
): Promise<Dashboard> {
  const today = todayIn(timeZone, now);
  const count = (table: 'competitions' | 'categories') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const [year, month] = today.split('-').map(Number) as [number, number];
  const thisMonth = monthStart(year, month - 1, timeZone);
  const lastMonth = monthStart(year, month - 2, timeZone);
  const nextMonth = monthStart(year, month, timeZone);
  const submissionsBetween = (from: string, to: string) =>
    db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));

  const [
    totalCompetitions,
    totalCategories,
    active,
    submissions,
    current,
    previous,
    recent,
    upcoming,
  ] = await Promise.all([
    count('competitions'),
    count('categories'),
    db
      .selectFrom('competitions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('end_date', '>=', today)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('submissions')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .sum<number>(eb.case().when('status', '=', 'pending').then(1).else(0).end())
          .as('pending'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('entry_type', '=', 'paid'), eb('payment_status', '=', 'paid')]))
              .then(eb.ref('entry_fee'))
              .else(0)
              .end(),
          )
          .as('revenue'),
      ])
      .executeTakeFirstOrThrow(),
    submissionsBetween(thisMonth, nextMonth),
    submissionsBetween(lastMonth, thisMonth),
    db
      .selectFrom('competitions')
      .select(['id', 'title', 'created_at'])
      .orderBy('created_at', 'desc')
      .limit(DASHBOARD_LIST_SIZE)
      .execute(),
    db
      .selectFrom('competitions')
      .select(['id', 'title', 'start_date'])
      .where('start_date', '>', today)
      .orderBy('start_date')
      .limit(DASHBOARD_LIST_SIZE)
      .execute(),
  ]);

  return {
    totalCompetitions,
    totalCategories,
    activeCompetitions: Number(active.n),
    participants: Number(submissions.total),
    pendingReviews: Number(submissions.pending ?? 0),
    monthlyGrowthPercent:
      previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10,
    revenue: Number(submissions.revenue ?? 0),
    recentCompetitions: recent.map((c) => ({ id: c.id, title: c.title, createdAt: c.created_at })),
    upcomingCompetitions: upcoming.map((c) => ({
      id: c.id,
      title: c.title,
      startDate: c.start_date,
    })),
  };
}
