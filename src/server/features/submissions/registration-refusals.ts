import { AppError } from '../../errors.ts';
import { LIFECYCLE_MESSAGES } from '../competitions/competitions.service.ts';
import { tooManyMessage } from '../rate-limits/rate-limits.service.ts';

/** The messages of registration's refusals. */
export const REGISTRATION_REFUSALS = {
  notAccepted: 'Your registration could not be accepted.',
  closed: LIFECYCLE_MESSAGES.closed,
  opensOn: LIFECYCLE_MESSAGES.opensOn,
  keyRequired:
    'Send an Idempotency-Key header of 8 to 100 letters, digits, hyphens or underscores, the same for every retry of one registration.',
  keyReused:
    'This Idempotency-Key was already used for a registration with other details. Send a new key for a new registration.',
  rateLimited: tooManyMessage('registrations from your connection'),
} as const;

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The Idempotency-Key header, or 400 IDEMPOTENCY_KEY_REQUIRED. */
export function requireIdempotencyKey(header: string | string[] | undefined): string {
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new AppError(400, 'IDEMPOTENCY_KEY_REQUIRED', REGISTRATION_REFUSALS.keyRequired);
  }
  return header;
}
