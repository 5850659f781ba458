/*
 * How dates and durations read on the site. Dates are written by shared/domain/calendar-date.ts
 * and money by shared/domain/money.ts, as the server writes them too.
 */

export { formatCalendarDate } from '../../shared/domain/calendar-date.ts';

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
