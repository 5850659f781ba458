import type { Kysely } from 'kysely';
import { calendarDateOfUtc, yearAndMonthOf } from '../../../shared/domain/calendar-date.ts';
import { startOfDayIn, todayIn } from '../../../shared/domain/competition-status.ts';
import { paymentStateOfRow } from '../submissions/submissions.service.ts';
import type { Dashboard } from '../../../shared/schemas/admin.ts';
import type { DB } from '../../db/schema.ts';
import {
  countCompetitionsEndingFrom,
  countRowsOf,
  countSubmissionsCreatedBetween,
  findCompetitionsStartingAfter,
  findEntriesPaidTwice,
  findNewestCompetitions,
  findNewestSubmissions,
  sumSubmissions,
} from './dashboard.repository.ts';
import { listLikelyDuplicateGroups } from '../review/review.service.ts';

export const DASHBOARD_LIST_SIZE = 5;
/** Entries owed a refund are listed in full up to this many: each needs an admin's action. */
export const PAID_TWICE_LIST_SIZE = 50;
/** Likely duplicates listed, the largest groups first; the total counts them all. */
export const DUPLICATES_LIST_SIZE = 50;

/** The instant a calendar month begins in the site time zone (monthIndex may under/overflow). */
function monthStart(year: number, monthIndex: number, timeZone: string): string {
  const first = calendarDateOfUtc(Date.UTC(year, monthIndex, 1));
  return startOfDayIn(first, timeZone).toISOString();
}

/** PRODUCT.md point 8: the seed's dashboard with real numbers instead of placeholders. */
export async function loadDashboard(
  db: Kysely<DB>,
  timeZone: string,
  now: Date,
): Promise<Dashboard> {
  const today = todayIn(timeZone, now);
  const [year, month] = yearAndMonthOf(today);
  const thisMonth = monthStart(year, month - 1, timeZone);
  const lastMonth = monthStart(year, month - 2, timeZone);
  const nextMonth = monthStart(year, month, timeZone);

  const [
    totalCompetitions,
    totalCategories,
    activeCompetitions,
    submissions,
    current,
    previous,
    recent,
    upcoming,
    newestSubmissions,
    paidTwice,
    duplicates,
  ] = await Promise.all([
    countRowsOf(db, 'competitions'),
    countRowsOf(db, 'categories'),
    countCompetitionsEndingFrom(db, today),
    sumSubmissions(db),
    countSubmissionsCreatedBetween(db, thisMonth, nextMonth),
    countSubmissionsCreatedBetween(db, lastMonth, thisMonth),
    findNewestCompetitions(db, DASHBOARD_LIST_SIZE),
    findCompetitionsStartingAfter(db, today, DASHBOARD_LIST_SIZE),
    findNewestSubmissions(db, DASHBOARD_LIST_SIZE),
    findEntriesPaidTwice(db, PAID_TWICE_LIST_SIZE),
    listLikelyDuplicateGroups({ db }, DUPLICATES_LIST_SIZE),
  ]);

  return {
    totalCompetitions,
    totalCategories,
    activeCompetitions,
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
    recentSubmissions: newestSubmissions.map((s) => ({
      id: s.id,
      reference: s.reference,
      fullName: s.full_name,
      competitionTitle: s.competition_title,
      createdAt: s.created_at,
      paymentState: paymentStateOfRow(s),
    })),
    paidTwice: paidTwice.map((s) => ({
      id: s.id,
      reference: s.reference,
      fullName: s.full_name,
      competitionTitle: s.competition_title,
    })),
    likelyDuplicates: {
      total: duplicates.total,
      groups: duplicates.list.map((g) => ({
        competitionId: g.competition_id as string,
        competitionTitle: String(g.competition_title),
        email: g.email_key,
        entries: Number(g.entries),
        unpaid: Number(g.unpaid),
      })),
    },
  };
}
