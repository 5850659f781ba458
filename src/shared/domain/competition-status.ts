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
