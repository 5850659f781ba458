import { utcMidnightOf, type CalendarDate } from '../../../shared/domain/calendar-date.ts';
import { addDays, startOfDayIn, todayIn } from '../../../shared/domain/competition-status.ts';
import { paiseToRupees, rupeesToPaise } from '../../../shared/domain/paise.ts';
import type {
  CompetitionMoney,
  DashboardMoney,
  MoneyDay,
} from '../../../shared/schemas/dashboard-money.ts';
import { notFound } from '../../errors.ts';
import type { DashboardDb } from './dashboard.tables.ts';
import {
  countEntriesByHour,
  findMoneyCompetitions,
  sumPaymentsByHour,
} from './money.repository.ts';

/** The most days a competition's series lists: a year, whatever its dates say. */
export const MONEY_DAYS_MAX = 366;
export const COMPETITION_NOT_FOUND = 'Competition not found';

/** `paidPaise` is what payments took: the fees after discounts. */
interface DayFigures {
  entries: number;
  awaitingPayment: number;
  paidPaise: number;
  discountsPaise: number;
  refundsPaise: number;
}
type Figures = Map<CalendarDate, DayFigures>;

const emptyFigures = (): DayFigures => ({
  entries: 0,
  awaitingPayment: 0,
  paidPaise: 0,
  discountsPaise: 0,
  refundsPaise: 0,
});

/** The local day a part-hour bucket lies in: read at the bucket's first minute. */
function dayOfBucket(hour: string, later: number, splitMinute: number, timeZone: string) {
  const minute = Number(later) === 1 ? splitMinute : 0;
  const instant = new Date(`${hour}:${String(minute).padStart(2, '0')}:00.000Z`);
  return todayIn(timeZone, instant);
}

/** Adds each bucket's figures to its competition's day. */
function addBuckets<R extends { competition_id: string | null; hour: string; later: number }>(
  into: Map<string, Figures>,
  rows: R[],
  read: { splitMinute: number; timeZone: string },
  add: (figures: DayFigures, row: R) => void,
) {
  for (const row of rows) {
    if (row.competition_id === null) continue;
    let figures = into.get(row.competition_id);
    if (!figures) into.set(row.competition_id, (figures = new Map()));
    const day = dayOfBucket(row.hour, row.later, read.splitMinute, read.timeZone);
    let found = figures.get(day);
    if (!found) figures.set(day, (found = emptyFigures()));
    add(found, row);
  }
}

const daysBetween = (from: CalendarDate, to: CalendarDate) =>
  Math.round((utcMidnightOf(to) - utcMidnightOf(from)) / 86_400_000) + 1;
const earlier = (a: CalendarDate, b: CalendarDate) => (a < b ? a : b);
const later = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b);

/**
 * The days listed: from the first activity (or the start date) to the closing date (or the last
 * activity after it). Longer than a year, a far-off closing date stops at today, then the last
 * year is kept.
 */
export function moneyDayRange(
  dates: { startDate: CalendarDate; closingDate: CalendarDate },
  active: CalendarDate[],
  today: CalendarDate,
): { from: CalendarDate; to: CalendarDate; leftOut: boolean } {
  const sorted = [...active].sort();
  const first = sorted[0];
  const last = sorted.at(-1);
  const from = first === undefined ? dates.startDate : earlier(first, dates.startDate);
  let to = last === undefined ? dates.closingDate : later(last, dates.closingDate);
  if (daysBetween(from, to) > MONEY_DAYS_MAX) to = later(last ?? from, earlier(to, today));
  if (daysBetween(from, to) <= MONEY_DAYS_MAX) return { from, to, leftOut: false };
  return { from: addDays(to, 1 - MONEY_DAYS_MAX), to, leftOut: true };
}

const rupees = (paise: number) => paiseToRupees(paise);

/** Gross is before discounts; net is what was taken less what was given back. */
const moneyOf = (f: DayFigures) => ({
  gross: rupees(f.paidPaise + f.discountsPaise),
  discounts: rupees(f.discountsPaise),
  refunds: rupees(f.refundsPaise),
  net: rupees(f.paidPaise - f.refundsPaise),
});

function dayOf(date: CalendarDate, closing: boolean, figures: DayFigures | undefined): MoneyDay {
  const f = figures ?? emptyFigures();
  return {
    date,
    closing,
    entries: f.entries,
    awaitingPayment: f.awaitingPayment,
    ...moneyOf(f),
  };
}

/** Days after today are empty: nothing can have happened on them yet. */
const futureDay = (date: CalendarDate, closing: boolean): MoneyDay => ({
  date,
  closing,
  entries: null,
  awaitingPayment: null,
  gross: null,
  discounts: null,
  refunds: null,
  net: null,
});

function competitionMoney(
  competition: { id: string; title: string; start_date: string; end_date: string },
  figures: Figures,
  today: CalendarDate,
): CompetitionMoney {
  const dates = { startDate: competition.start_date, closingDate: competition.end_date };
  const range = moneyDayRange(dates, [...figures.keys()], today);
  const days: MoneyDay[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    const closing = date === dates.closingDate;
    days.push(date > today ? futureDay(date, closing) : dayOf(date, closing, figures.get(date)));
  }
  const sum = emptyFigures();
  for (const f of figures.values()) {
    sum.entries += f.entries;
    sum.awaitingPayment += f.awaitingPayment;
    sum.paidPaise += f.paidPaise;
    sum.discountsPaise += f.discountsPaise;
    sum.refundsPaise += f.refundsPaise;
  }
  return {
    id: competition.id,
    title: competition.title,
    ...dates,
    days,
    daysLeftOut: range.leftOut,
    totals: {
      entries: sum.entries,
      awaitingPayment: sum.awaitingPayment,
      ...moneyOf(sum),
    },
  };
}

/** Per competition (or the one asked for), entries per day and the money of its entries. */
export async function loadDashboardMoney(
  db: DashboardDb,
  timeZone: string,
  now: Date,
  competitionId?: string,
): Promise<DashboardMoney> {
  const today = todayIn(timeZone, now);
  // The minute past the hour a day begins here, in UTC (India: 18:30, so 30).
  const splitMinute = startOfDayIn(today, timeZone).getUTCMinutes();
  const [competitions, entries, paid, refunds] = await Promise.all([
    findMoneyCompetitions(db, competitionId),
    countEntriesByHour(db, splitMinute, competitionId),
    sumPaymentsByHour(
      db,
      splitMinute,
      { statuses: ['captured', 'refunded'], column: 'created_at' },
      competitionId,
    ),
    sumPaymentsByHour(
      db,
      splitMinute,
      { statuses: ['refunded'], column: 'updated_at' },
      competitionId,
    ),
  ]);
  if (competitionId !== undefined && competitions.length === 0) {
    throw notFound(COMPETITION_NOT_FOUND);
  }
  const byCompetition = new Map<string, Figures>();
  const read = { splitMinute, timeZone };
  addBuckets(byCompetition, entries, read, (f, row) => {
    f.entries += Number(row.received ?? 0);
    f.awaitingPayment += Number(row.awaiting ?? 0);
    f.discountsPaise += rupeesToPaise(Number(row.waived ?? 0));
  });
  addBuckets(byCompetition, paid, read, (f, row) => {
    f.paidPaise += Number(row.paise ?? 0);
    f.discountsPaise += rupeesToPaise(Number(row.discount ?? 0));
  });
  addBuckets(byCompetition, refunds, read, (f, row) => (f.refundsPaise += Number(row.paise ?? 0)));
  return {
    timeZone,
    today,
    competitions: competitions.map((c) =>
      competitionMoney(c, byCompetition.get(c.id) ?? new Map(), today),
    ),
  };
}
