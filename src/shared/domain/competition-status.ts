import { calendarDateOfUtc, type CalendarDate, utcMidnightOf } from './calendar-date.ts';

export const COMPETITION_STATUSES = ['upcoming', 'open', 'closed'] as const;
export type CompetitionStatus = (typeof COMPETITION_STATUSES)[number];

// Making a formatter costs far more than using one, and every public request asks for today.
// Each locale here is used with one set of options, so locale and zone name a formatter.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** Today's date in a time zone, e.g. todayIn('Asia/Kolkata'). */
export function todayIn(timeZone: string, now: Date = new Date()): CalendarDate {
  // en-CA formats as YYYY-MM-DD.
  return formatIn('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(utcMidnightOf(date));
  d.setUTCDate(d.getUTCDate() + days);
  return calendarDateOfUtc(d.getTime());
}

/**
 * PRODUCT.md point 6: Upcoming before the start date, Open from the start date to the end of the
 * end date, Closed after; `today` is the date in the site time zone.
 */
export function competitionStatus(
  dates: { startDate: CalendarDate; endDate: CalendarDate },
  today: CalendarDate,
): CompetitionStatus {
  if (today < dates.startDate) return 'upcoming';
  if (today > dates.endDate) return 'closed';
  return 'open';
}

/** Minutes the time zone is ahead of UTC at an instant (Asia/Kolkata: 330). */
function offsetMinutes(timeZone: string, instant: number): number {
  const format = formatIn('en-US', timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts = format.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

const DAY_MS = 86_400_000;

/**
 * The instant a calendar date begins in a time zone: midnight read with each offset in force
 * around it (a day before, at, and a day after), the earliest reading that falls on the date.
 * That holds when a daylight-saving change skips midnight (Chile, Cuba, the Azores: the day
 * begins at the change, 01:00) or repeats it (the day begins at the first of the two midnights).
 */
export function startOfDayIn(date: CalendarDate, timeZone: string): Date {
  const midnightUtc = utcMidnightOf(date);
  const readings = [-DAY_MS, 0, DAY_MS].map(
    (shift) => midnightUtc - offsetMinutes(timeZone, midnightUtc + shift) * 60_000,
  );
  const onDate = readings.filter((instant) => todayIn(timeZone, new Date(instant)) === date);
  // No reading falls on a date the zone skipped entirely (Samoa, 2011-12-30): keep the plain one.
  return new Date(onDate.length > 0 ? Math.min(...onDate) : (readings[1] as number));
}

/** When registration opens and closes: the start of the start date, the end of the end date. */
export function competitionWindow(
  dates: { startDate: CalendarDate; endDate: CalendarDate },
  timeZone: string,
): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: startOfDayIn(dates.startDate, timeZone),
    closesAt: startOfDayIn(addDays(dates.endDate, 1), timeZone),
  };
}
