import { closingInstant } from './competition-status.ts';

/*
 * A date and time as a `datetime-local` input holds it ('YYYY-MM-DDTHH:MM'), read in the site's
 * time zone, and back: how the admin's forms take the instants prices and codes change at.
 */

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** The instant the minute begins in the time zone (ISO), or null when `local` is not one. */
export function instantOfWallClock(local: string, timeZone: string): string | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  // closingInstant gives the end of the minute: its start is a minute before.
  const end = closingInstant(match[1] as string, match[2] as string, timeZone).getTime();
  return new Date(end - 60_000).toISOString();
}

/** The instant as the time zone's wall clock, for a `datetime-local` input; '' for none. */
export function wallClockOf(instant: string | null, timeZone: string): string {
  if (!instant) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}
