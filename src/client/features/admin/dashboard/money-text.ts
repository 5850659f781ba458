import { formatCalendarDate } from '../../../../shared/domain/calendar-date.ts';
import { formatRupees } from '../../../../shared/domain/money.ts';
import type {
  CompetitionMoney,
  MoneyDay,
  MoneyTotals,
} from '../../../../shared/schemas/dashboard-money.ts';

/* The words behind the dashboard's charts: each chart's text alternative says what it shows. */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The days that have happened (today included): the rest are empty. */
export const pastDays = (days: MoneyDay[]) => days.filter((day) => day.entries !== null);

/** What the entries chart shows, in a sentence or three. */
export function entriesSummary(competition: CompetitionMoney): string {
  const { days, totals, closingDate } = competition;
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return 'No days to show.';
  const range = `Entries per day from ${formatCalendarDate(first.date)} to ${formatCalendarDate(last.date)}`;
  const made = `${plural(totals.entries, 'entry', 'entries')} received and ${totals.awaitingPayment} awaiting payment`;
  let busiest: MoneyDay | undefined;
  for (const day of pastDays(days)) {
    const count = (day.entries ?? 0) + (day.awaitingPayment ?? 0);
    if (count > 0 && count > (busiest?.entries ?? 0) + (busiest?.awaitingPayment ?? 0)) {
      busiest = day;
    }
  }
  const peak = busiest
    ? ` The busiest day was ${formatCalendarDate(busiest.date)}, with ${(busiest.entries ?? 0) + (busiest.awaitingPayment ?? 0)}.`
    : '';
  const ahead = days.some((day) => day.entries === null) ? ' Days after today are empty.' : '';
  return `${range}, closing ${formatCalendarDate(closingDate)}: ${made}.${peak}${ahead}`;
}

/** What the money chart shows. */
export function moneySummary(totals: MoneyTotals): string {
  return `Gross before discounts ${formatRupees(totals.gross)}, discounts ${formatRupees(totals.discounts)}, refunds ${formatRupees(totals.refunds)}, net ${formatRupees(totals.net)}.`;
}
