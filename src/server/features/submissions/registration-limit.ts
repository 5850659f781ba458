import type { Deps } from '../../deps.ts';
import {
  hasRateLimitHit,
  type RateLimit,
  takeRateLimitHit,
} from '../rate-limits/rate-limits.service.ts';
import { REGISTRATION_REFUSALS } from './registration-refusals.ts';
import { findSubmissionByIdempotencyKey } from './submissions.repository.ts';

/** At most 10 registration attempts per address in 10 minutes. */
export const REGISTRATION_LIMIT: RateLimit = {
  scope: 'registration',
  max: 10,
  windowMs: 10 * 60 * 1000,
  message: REGISTRATION_REFUSALS.rateLimited,
};

/**
 * Counts the attempt against the address's limit. Every attempt that may read and decode images
 * counts, a retry with the same key too, so one key cannot carry a flood of failing requests. Once
 * the key's registration is saved, a retry is answered from it with no image work: it counts
 * once, and gets its receipt even at the limit, until the key has been sent with other details
 * (409, see countReusedKey); from then on each attempt with it counts.
 */
export async function countRegistrationAttempt(
  deps: Pick<Deps, 'db' | 'clock'>,
  address: string,
  idempotencyKey: string,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  const saved = await findSubmissionByIdempotencyKey(db, idempotencyKey);
  const misused =
    saved &&
    (await hasRateLimitHit(db, REGISTRATION_LIMIT, address, reusedKeyAttempt(idempotencyKey)));
  const repeats = saved && !misused ? 'once' : 'each';
  await takeRateLimitHit(db, REGISTRATION_LIMIT, address, idempotencyKey, now, repeats);
}

const reusedKeyAttempt = (idempotencyKey: string) => `${idempotencyKey}#reused`;

/**
 * A saved key sent with other details (409) is marked misused, which counts once here; from then
 * on countRegistrationAttempt counts every request with it, since each was read and hashed in
 * full, megabytes of it, only to be refused.
 */
export async function countReusedKey(
  deps: Pick<Deps, 'db' | 'clock'>,
  address: string,
  idempotencyKey: string,
): Promise<void> {
  const attempt = reusedKeyAttempt(idempotencyKey);
  await takeRateLimitHit(deps.db, REGISTRATION_LIMIT, address, attempt, deps.clock.now());
}
