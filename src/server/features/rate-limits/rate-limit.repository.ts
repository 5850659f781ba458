import { ADVISORY_LOCK, lockAdvisory } from '../../db/advisory-locks.ts';
import type { RateLimitHitsTable } from '../../db/schema.ts';
import type { RateLimitsDb } from './rate-limits.tables.ts';

/*
 * The requests a rate limit counts (rate_limit_hits), shared by every server process, and the lock
 * that lets rate-limit.ts count and record a hit in one step.
 */

/**
 * Inside a transaction on PostgreSQL: waits for the other holders of this scope and client's lock
 * and holds it until the transaction ends. SQLite runs one transaction at a time: nothing to do.
 */
export async function lockRateLimitKey(
  trx: RateLimitsDb,
  scope: string,
  clientKey: string,
): Promise<void> {
  await lockAdvisory(trx, ADVISORY_LOCK.rateLimit, `${scope}\n${clientKey}`);
}

/**
 * Removes the client's hits in the scope at or before `before`: they have left the window. Only
 * the client's own, under its lock: every client deleting the scope's expired rows at once made
 * each wait for the others' row locks (sweepRateLimitHits removes what nobody comes back for).
 */
export async function deleteRateLimitHitsBefore(
  db: RateLimitsDb,
  scope: string,
  clientKey: string,
  before: string,
): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('scope', '=', scope)
    .where('client_key', '=', clientKey)
    .where('hit_at', '<=', before)
    .execute();
}

/** Removes every hit at or before `before`, in every scope; how many. */
export async function deleteAllRateLimitHitsBefore(
  db: RateLimitsDb,
  before: string,
): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_hits')
    .where('hit_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function rateLimitHitExists(db: RateLimitsDb, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('rate_limit_hits')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the newest `limit` hits of a client after `since` happened, newest first. */
export async function findRateLimitHitTimes(
  db: RateLimitsDb,
  scope: string,
  clientKey: string,
  since: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('rate_limit_hits')
    .select('hit_at')
    .where('scope', '=', scope)
    .where('client_key', '=', clientKey)
    .where('hit_at', '>', since)
    .orderBy('hit_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.hit_at);
}

export async function insertRateLimitHit(db: RateLimitsDb, row: RateLimitHitsTable): Promise<void> {
  await db.insertInto('rate_limit_hits').values(row).execute();
}
