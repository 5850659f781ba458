import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import {
  deleteRateLimitHitsBefore,
  findRateLimitHitTimes,
  insertRateLimitHit,
  lockRateLimitKey,
  rateLimitHitExists,
} from './rate-limit.repository.ts';

/*
 * A limit on how often one client (an address) may do something, counted in the database so it
 * holds across every server process. Counting and recording happen in one
 * transaction holding the client's lock, so a burst gets exactly `max` requests, never more.
 */

export interface RateLimit {
  /** What is counted: 'registration'. */
  scope: string;
  max: number;
  windowMs: number;
  /** The 429's message, given the whole minutes until another request is allowed. */
  message(minutes: number): string;
}

/** The row id of a request: the same attempt of the same client is one row, whatever its retries. */
function hitIdOf(limit: RateLimit, clientKey: string, attemptId: string | undefined): string {
  if (attemptId === undefined) return randomUUID();
  return createHash('sha256').update(`${limit.scope}\n${clientKey}\n${attemptId}`).digest('hex');
}

function rateLimited(limit: RateLimit, seconds: number): AppError {
  const error = new AppError(
    429,
    'RATE_LIMITED',
    limit.message(Math.max(1, Math.ceil(seconds / 60))),
  );
  error.headers = { 'retry-after': String(seconds) };
  return error;
}

/**
 * Counts a request of `clientKey`, or refuses it with 429 RATE_LIMITED and Retry-After when the
 * client has made `max` requests within the window. `attemptId` names the request: one sent again
 * with the same id (a retry after a lost connection, with the same idempotency key) is counted
 * once, and let through again once it was let through; with `repeats` 'each', every repeat is
 * counted and refused at the limit like a new request (the first still records the id).
 */
export async function takeRateLimitHit(
  db: Kysely<DB>,
  limit: RateLimit,
  clientKey: string,
  attemptId: string | undefined,
  now: Date,
  repeats: 'once' | 'each' = 'once',
): Promise<void> {
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  let id = hitIdOf(limit, clientKey, attemptId);
  const wait = await db.transaction().execute(async (trx) => {
    await lockRateLimitKey(trx, limit.scope, clientKey);
    await deleteRateLimitHitsBefore(trx, limit.scope, since);
    if (await rateLimitHitExists(trx, id)) {
      if (repeats === 'once') return 0;
      id = randomUUID();
    }
    const times = await findRateLimitHitTimes(trx, limit.scope, clientKey, since, limit.max);
    const oldestCounted = times[limit.max - 1];
    if (oldestCounted !== undefined) {
      const freeAt = Date.parse(oldestCounted) + limit.windowMs;
      // At least a second; at most the window, even for a hit recorded a moment "ahead".
      return Math.min(
        limit.windowMs / 1000,
        Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
      );
    }
    await insertRateLimitHit(trx, {
      id,
      scope: limit.scope,
      client_key: clientKey,
      hit_at: now.toISOString(),
    });
    return 0;
  });
  if (wait > 0) throw rateLimited(limit, wait);
}

/** Whether the attempt `attemptId` of `clientKey` has been counted (within the window kept). */
export function hasRateLimitHit(
  db: Kysely<DB>,
  limit: RateLimit,
  clientKey: string,
  attemptId: string,
): Promise<boolean> {
  return rateLimitHitExists(db, hitIdOf(limit, clientKey, attemptId));
}
