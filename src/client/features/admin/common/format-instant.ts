/* Instants (ISO strings from the server) as the admin's own clock reads them. */

const DATE = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function format(formatter: Intl.DateTimeFormat, instant: string): string {
  const time = Date.parse(instant);
  return Number.isNaN(time) ? instant : formatter.format(time);
}

/** '2026-11-21T09:30:00.000Z' → '21 Nov 2026' (local date). */
export const formatInstantDate = (instant: string) => format(DATE, instant);

/** '2026-11-21T09:30:00.000Z' → '21 Nov 2026, 3:00 pm' (local date and time). */
export const formatInstant = (instant: string) => format(DATE_TIME, instant);
