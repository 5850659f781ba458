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

/** 'HH:MM', 00:00 to 23:59: the last minute a competition takes entries on its end date. */
export const CLOSING_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/**
 * The instant entries close: the end of the minute `closingTime` of the end date in the time
 * zone ('23:59' closes at the next midnight), or the end of the end date when none is set.
 */
export function closingInstant(
  endDate: CalendarDate,
  closingTime: string | null | undefined,
  timeZone: string,
): Date {
  if (!closingTime) return startOfDayIn(addDays(endDate, 1), timeZone);
  const [hours, minutes] = closingTime.split(':').map(Number) as [number, number];
  const wall = utcMidnightOf(endDate) + (hours * 60 + minutes + 1) * 60_000;
  // The wall-clock time read with the offset in force then (checked once more across a change).
  const first = wall - offsetMinutes(timeZone, wall) * 60_000;
  return new Date(wall - offsetMinutes(timeZone, first) * 60_000);
}

/** When registration opens and closes: the start of the start date, the closing instant. */
export function competitionWindow(
  dates: { startDate: CalendarDate; endDate: CalendarDate; closingTime?: string | null },
  timeZone: string,
): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: startOfDayIn(dates.startDate, timeZone),
    closesAt: closingInstant(dates.endDate, dates.closingTime, timeZone),
  };
}

/*
 * A competition's lifecycle (docs/decisions/021-competition-lifecycle.md): Draft (admins only),
 * Upcoming, Open, Closed, Judging (closed, and a jury round exists), Results published.
 */
export const COMPETITION_STAGES = [
  'draft',
  'upcoming',
  'open',
  'closed',
  'judging',
  'published',
] as const;
export type CompetitionStage = (typeof COMPETITION_STAGES)[number];

export const COMPETITION_STAGE_LABELS: Record<CompetitionStage, string> = {
  draft: 'Draft',
  upcoming: 'Upcoming',
  open: 'Open',
  closed: 'Closed',
  judging: 'Judging',
  published: 'Results published',
};

export interface LifecycleFacts {
  startDate: CalendarDate;
  endDate: CalendarDate;
  closingTime: string | null;
  draft: boolean;
  /** A jury round exists. */
  judging: boolean;
  resultsPublished: boolean;
}

/** The one rule of where a competition is in its life at `now`. */
export function competitionStage(
  facts: LifecycleFacts,
  timeZone: string,
  now: Date,
): CompetitionStage {
  if (facts.draft) return 'draft';
  if (facts.resultsPublished) return 'published';
  const { opensAt, closesAt } = competitionWindow(facts, timeZone);
  if (now < opensAt) return 'upcoming';
  if (now < closesAt) return 'open';
  return facts.judging ? 'judging' : 'closed';
}

/** The badge a visitor sees: a draft reads as its dates would; after the close, Closed. */
export function statusOfStage(
  stage: CompetitionStage,
  facts: LifecycleFacts,
  timeZone: string,
  now: Date,
): CompetitionStatus {
  const shown =
    stage === 'draft'
      ? competitionStage({ ...facts, draft: false, resultsPublished: false }, timeZone, now)
      : stage;
  return shown === 'upcoming' || shown === 'open' ? shown : 'closed';
}

/**
 * Whether an entry saved in time may still be paid for at `now`: never once the results are
 * published; otherwise until the grace period after the close (or after the artist's extension).
 */
export function mayStillPay(
  window: { closesAt: Date; extendedUntil: Date | null; resultsPublished: boolean },
  graceMs: number,
  now: Date,
): boolean {
  if (window.resultsPublished) return false;
  const deadline = Math.max(window.closesAt.getTime(), window.extendedUntil?.getTime() ?? 0);
  return now.getTime() < deadline + graceMs;
}

const closingFormats = new Map<string, Intl.DateTimeFormat>();
/** '20 Dec 2026, 11:59 pm IST': the last minute entries are taken, in a time zone. */
export function formatClosing(closesAt: string | Date, timeZone: string): string {
  let format = closingFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-IN', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    });
    closingFormats.set(timeZone, format);
  }
  return format.format(new Date(new Date(closesAt).getTime() - 60_000));
}

/** The 'HH:MM' and date of the minute before `now` in a time zone: what "Close entries now" sets. */
export function lastMinuteBefore(
  now: Date,
  timeZone: string,
): { date: CalendarDate; time: string } {
  const before = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 60_000);
  const time = formatIn('en-GB', timeZone, {
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).format(before);
  return { date: todayIn(timeZone, before), time };
}
