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

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * '2026-11-21' → '21 November 2026' (as Intl's en-IN long date writes it); empty text for an
 * empty or broken value (seed §3). Written by hand: the first Intl formatter a page makes costs
 * tens of milliseconds of a phone's main thread while the page starts.
 */
export function formatCalendarDate(date: CalendarDate): string {
  if (!date) return '';
  const time = utcMidnightOf(date);
  if (Number.isNaN(time)) return '';
  const day = new Date(time);
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}
