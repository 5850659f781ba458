/*
 * How dates and durations read on the site: dates written out in full, so '03/04' is never
 * ambiguous to visitors from abroad. Money is in shared/domain/money.ts (e-mails show it too).
 */

const DATE = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  // A calendar date has no time zone: read and print it as the same day everywhere.
  timeZone: 'UTC',
});

/** '2026-11-21' → '21 November 2026'; empty text for an empty or broken value (seed §3). */
export function formatCalendarDate(date: string): string {
  if (!date) return '';
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? '' : DATE.format(time);
}

/** A rough distance in time for people: '3 days', '5 hours', '1 minute', 'less than a minute'. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (days >= 1) return plural(days, 'day');
  if (hours >= 1) return plural(hours, 'hour');
  if (minutes >= 1) return plural(minutes, 'minute');
  return 'less than a minute';
}
