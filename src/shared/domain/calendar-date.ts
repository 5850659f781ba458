/*
 * Calendar dates: 'YYYY-MM-DD', a day with no time zone of its own (competition dates are read
 * in the site time zone). Written out in full for people, so '03/04' is never ambiguous to
 * visitors from abroad, on the site and in the server's answers alike.
 */

/** A calendar date as 'YYYY-MM-DD'. */
export type CalendarDate = string;

/** The instant, in milliseconds, the date begins in UTC; NaN for text that is no date. */
export function utcMidnightOf(date: CalendarDate): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** The UTC calendar date of an instant in milliseconds. */
export function calendarDateOfUtc(instant: number): CalendarDate {
  return new Date(instant).toISOString().slice(0, 10);
}

/** '2026-11-21' → 2026. */
export function yearOf(date: CalendarDate): number {
  return Number(date.slice(0, 4));
}

/** '2026-11-21' → [2026, 11]. */
export function yearAndMonthOf(date: CalendarDate): [year: number, month: number] {
  return [yearOf(date), Number(date.slice(5, 7))];
}

const LONG_DATE = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  // A calendar date has no time zone: read and print it as the same day everywhere.
  timeZone: 'UTC',
});

/** '2026-11-21' → '21 November 2026'; empty text for an empty or broken value (seed §3). */
export function formatCalendarDate(date: CalendarDate): string {
  if (!date) return '';
  const time = utcMidnightOf(date);
  return Number.isNaN(time) ? '' : LONG_DATE.format(time);
}
