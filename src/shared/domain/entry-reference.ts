import { type CalendarDate, yearOf } from './calendar-date.ts';

/*
 * An entry's reference, as the server makes it and an artist types it back: 'WS-2026-000123',
 * the year it was registered in (in the site time zone) and its number in that year's series,
 * six digits or more.
 */

const NUMBER_DIGITS = 6;
/** What a reference looks like, made here or typed back by an artist. */
export const ENTRY_REFERENCE_PATTERN = /^WS-\d{4}-\d{6,}$/;

/** The series a registration made on `date` takes its number from: 'WS-2026'. */
export function referenceSeriesOf(date: CalendarDate): string {
  return `WS-${String(yearOf(date)).padStart(4, '0')}`;
}

/** The reference of the `number`th entry of a series: ('WS-2026', 123) → 'WS-2026-000123'. */
export function entryReferenceOf(series: string, number: number): string {
  return `${series}-${String(number).padStart(NUMBER_DIGITS, '0')}`;
}
