import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/audit.ts';
import {
  countLoginFailuresSince,
  deleteLoginFailureById,
  deleteLoginFailuresBefore,
  findLoginFailureTimes,
  insertLoginFailure,
  lockLoginLimitKeys,
} from './login-limit.repository.ts';

/*
 * Issue 4: after 5 failures for one username or one address within 15 minutes, wait
 * (docs/decisions/007). Every check of a password or code first reserves a failure row: counting
 * and reserving happen in one transaction that holds the username's and the address's locks, so a
 * burst gets exactly 5 guesses, never more and never none. A check that passes gives its row back.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface Attempt {
  id: string;
  username: string;
  ip: string;
  at: Date;
}

/** Seconds until another attempt is allowed for this username or address; 0 when allowed now. */
async function secondsUntilAllowed(db: Kysely<DB>, attempt: Attempt, since: string) {
  let wait = 0;
  for (const [key, value] of [
    ['username', attempt.username],
    ['ip', attempt.ip],
  ] as const) {
    const failures = await findLoginFailureTimes(
      db,
      key,
      value,
      since,
      attempt.id,
      LOGIN_MAX_FAILURES,
    );
    const oldestCounted = failures[LOGIN_MAX_FAILURES - 1];
    if (oldestCounted) {
      const freeAt = Date.parse(oldestCounted) + LOGIN_WINDOW_MS;
      wait = Math.max(wait, Math.ceil((freeAt - attempt.at.getTime()) / 1000));
    }
  }
  // A failure saved by an attempt that started later than this one can sit a moment ahead.
  return Math.min(wait, LOGIN_WINDOW_MS / 1000);
}

function tooManyAttempts(seconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const error = new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
  error.headers = { 'retry-after': String(seconds) };
  return error;
}

/** Counts an attempt before its password or code is checked; 429 when the limit is reached. */
export async function reserveAttempt(
  db: Kysely<DB>,
  username: string,
  ip: string,
  now = new Date(),
): Promise<Attempt> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const attempt = { id: randomUUID(), username, ip, at: now };
  const wait = await db.transaction().execute(async (trx) => {
    // SQLite runs one transaction at a time already; PostgreSQL waits here for the other checks of
    // this username, then of this address (always in that order, so two never wait on each other).
    await lockLoginLimitKeys(trx, username, ip);
    await deleteLoginFailuresBefore(trx, since);
    for (const [key, value] of [
      ['username', username],
      ['ip', ip],
    ] as const) {
      // A refused attempt is not a failure of its own: it does not push the wait further out.
      if ((await countLoginFailuresSince(trx, key, value, since)) >= LOGIN_MAX_FAILURES) {
        return Math.max(1, await secondsUntilAllowed(trx, attempt, since));
      }
    }
    await insertLoginFailure(trx, { id: attempt.id, username, ip, failed_at: now.toISOString() });
    return 0;
  });
  if (wait > 0) throw tooManyAttempts(wait);
  return attempt;
}

/** The check passed, or never happened (no code sent yet): the attempt is no failure. */
export async function releaseAttempt(db: Kysely<DB>, attempt: Attempt): Promise<void> {
  await deleteLoginFailureById(db, attempt.id);
}

/**
 * The check failed: the reserved row stays as the failure, and the audit log says so. The name
 * typed is recorded only when it is an account's: people type passwords into the username field.
 */
export async function recordFailedAttempt(
  db: Kysely<DB>,
  attempt: Attempt,
  adminUserId: string | null,
  action: string,
): Promise<void> {
  await recordAudit(
    db,
    { adminUserId, actor: adminUserId ? attempt.username : '(unknown user)', action },
    attempt.at,
  );
}
