/** A calendar date as 'YYYY-MM-DD'. Competition dates are calendar dates in the site time zone. */
export type CalendarDate = string;

export const COMPETITION_STATUSES = ['upcoming', 'open', 'closed'] as const;
export type CompetitionStatus = (typeof COMPETITION_STATUSES)[number];

/** Today's date in a time zone, e.g. todayIn('Asia/Kolkata'). */
export function todayIn(timeZone: string, now: Date = new Date()): CalendarDate {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
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
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
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

/**
 * The instant a calendar date begins in a time zone. Twice corrected, so a date whose midnight
 * falls near a daylight-saving change still lands on that day's first instant.
 */
export function startOfDayIn(date: CalendarDate, timeZone: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let instant = midnightUtc - offsetMinutes(timeZone, midnightUtc) * 60_000;
  instant = midnightUtc - offsetMinutes(timeZone, instant) * 60_000;
  return new Date(instant);
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
