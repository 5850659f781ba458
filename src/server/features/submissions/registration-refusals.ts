import { formatCalendarDate } from '../../../shared/domain/calendar-date.ts';
import { competitionStatus, todayIn } from '../../../shared/domain/competition-status.ts';
import { AppError } from '../../errors.ts';

/** The messages of registration's refusals. */
export const REGISTRATION_REFUSALS = {
  notAccepted: 'Your registration could not be accepted.',
  closed: 'Registration for this competition has closed.',
  opensOn: (date: string) => `Registration opens on ${date}.`,
  keyRequired:
    'Send an Idempotency-Key header of 8 to 100 letters, digits, hyphens or underscores, the same for every retry of one registration.',
  keyReused:
    'This Idempotency-Key was already used for a registration with other details. Send a new key for a new registration.',
  rateLimited: (minutes: number) =>
    `Too many registrations from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The Idempotency-Key header, or 400 IDEMPOTENCY_KEY_REQUIRED. */
export function requireIdempotencyKey(header: string | string[] | undefined): string {
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new AppError(400, 'IDEMPOTENCY_KEY_REQUIRED', REGISTRATION_REFUSALS.keyRequired);
  }
  return header;
}

/** 409 COMPETITION_NOT_OPEN unless registration is open at `now` in the site time zone. */
export function refuseUnlessOpen(
  competition: { start_date: string; end_date: string },
  timeZone: string,
  now: Date,
): void {
  const dates = { startDate: competition.start_date, endDate: competition.end_date };
  const status = competitionStatus(dates, todayIn(timeZone, now));
  if (status === 'open') return;
  const message =
    status === 'closed'
      ? REGISTRATION_REFUSALS.closed
      : REGISTRATION_REFUSALS.opensOn(formatCalendarDate(competition.start_date));
  throw new AppError(409, 'COMPETITION_NOT_OPEN', message);
}
