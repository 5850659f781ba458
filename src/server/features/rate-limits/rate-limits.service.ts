import { createHash, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Deps } from '../../deps.ts';
import { createPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';
import {
  deleteAllRateLimitHitsBefore,
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

/** A limit's 429 message about `what` ('price checks'): every limit says it in the same words. */
export const tooManyMessage =
  (what: string) =>
  (minutes: number): string =>
    `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/**
 * The client a network address stands for: an IPv6 client is given a whole /64 by its provider and
 * may use any address in it, so its limits count the /64; an IPv4 address written as IPv6
 * (`::ffff:a.b.c.d`) is that IPv4 address. Anything else (a hash, an e-mail) is itself.
 */
export function networkOf(key: string): string {
  if (isIP(key) === 0) return key;
  const address = ipaddr.parse(key);
  if (address.kind() === 'ipv4') return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
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
  clientKey = networkOf(clientKey);
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  let id = hitIdOf(limit, clientKey, attemptId);
  if (limit.windowMs > RATE_LIMIT_HITS_KEPT_MS) throw new Error(`${limit.scope}: window too long`);
  const wait = await db.transaction().execute(async (trx) => {
    await lockRateLimitKey(trx, limit.scope, clientKey);
    await deleteRateLimitHitsBefore(trx, limit.scope, clientKey, since);
    // A new id (no attempt named) cannot have been recorded: one query fewer per request.
    if (attemptId !== undefined && (await rateLimitHitExists(trx, id))) {
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

/** How long a hit is kept: longer than any limit's window (the longest is an hour). */
export const RATE_LIMIT_HITS_KEPT_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Removes the hits older than RATE_LIMIT_HITS_KEPT_MS, of clients who never came back. */
export function sweepRateLimitHits(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - RATE_LIMIT_HITS_KEPT_MS).toISOString();
  return deleteAllRateLimitHitsBefore(deps.db, before);
}

/** The hourly sweep (several servers may run it: the same rows go whoever deletes them). */
export function createRateLimitSweeper(deps: Pick<Deps, 'db' | 'clock' | 'log'>): PeriodicJob {
  return createPeriodicJob({
    name: 'Removing old rate-limit hits',
    intervalMs: SWEEP_INTERVAL_MS,
    runAtStart: true,
    round: () => sweepRateLimitHits(deps),
    log: deps.log,
  });
}

/** Whether the attempt `attemptId` of `clientKey` has been counted (within the window kept). */
export function hasRateLimitHit(
  db: Kysely<DB>,
  limit: RateLimit,
  clientKey: string,
  attemptId: string,
): Promise<boolean> {
  return rateLimitHitExists(db, hitIdOf(limit, networkOf(clientKey), attemptId));
}
