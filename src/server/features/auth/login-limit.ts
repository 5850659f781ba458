import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  countLoginFailuresSince,
  deleteLoginFailureById,
  deleteLoginFailuresBefore,
  findLoginFailureTimes,
  insertLoginFailure,
  lockLoginLimitKeys,
  type LoginLimitKey,
} from './login-limit.repository.ts';

/*
 * 5 failures within 15 minutes for one key, then wait (docs/decisions/007, 014).
 * An attempt from an unknown device counts for its account and for its address; one from a known
 * device counts for that device alone, and a password confirmation for its session alone, so
 * failures elsewhere never lock them out. Every check of a password or code first reserves a
 * failure row: counting and reserving happen in one transaction that holds the keys' locks, so a
 * burst gets exactly 5 guesses, never more and never none. A check that passes gives its row back.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export type { LoginLimitKey };

export interface Attempt {
  id: string;
  username: string;
  ip: string;
  at: Date;
  keys: LoginLimitKey[];
  /** The keys this attempt is the last allowed failure of: if it fails, they are locked. */
  locks: LoginLimitKey[];
  /**
   * With `pastAccountLock`: the seconds the account stays locked on unknown devices, when it is
   * (the attempt was let through to be answered as locked, or to use an e-mailed code).
   */
  accountLockedFor?: number;
}

/** What an attempt is: who it names, from where, and which device or session it comes from. */
export interface AttemptSource {
  username: string;
  ip: string;
  deviceId?: string | undefined;
  sessionId?: string | undefined;
}

/** The keys an attempt is counted by. */
export function keysOf(source: AttemptSource): LoginLimitKey[] {
  if (source.sessionId) return [{ by: 'session', sessionId: source.sessionId }];
  if (source.deviceId) {
    return [{ by: 'device', username: source.username, deviceId: source.deviceId }];
  }
  return [
    { by: 'account', username: source.username },
    { by: 'address', ip: source.ip },
  ];
}

/** Seconds until another attempt is allowed for this key; 0 when allowed now. */
async function secondsUntilAllowed(
  db: Kysely<DB>,
  attempt: Attempt,
  key: LoginLimitKey,
  since: string,
) {
  const failures = await findLoginFailureTimes(db, key, since, attempt.id, LOGIN_MAX_FAILURES);
  const oldestCounted = failures[LOGIN_MAX_FAILURES - 1];
  if (!oldestCounted) return 0;
  const freeAt = Date.parse(oldestCounted) + LOGIN_WINDOW_MS;
  const wait = Math.ceil((freeAt - attempt.at.getTime()) / 1000);
  // A failure saved by an attempt that started later than this one can sit a moment ahead.
  return Math.min(wait, LOGIN_WINDOW_MS / 1000);
}

export function tooManyAttempts(seconds: number): AppError {
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
  source: AttemptSource,
  now: Date,
  /**
   * An unknown device's sign-in past its account's lock (its address's limit still holds): the
   * caller checks the password, for an e-mailed code (sign-in-codes.ts), and answers as locked.
   */
  { pastAccountLock = false }: { pastAccountLock?: boolean } = {},
): Promise<Attempt> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  const keys = keysOf(source);
  const attempt: Attempt = {
    id: randomUUID(),
    username: source.username,
    ip: source.ip,
    at: now,
    keys,
    locks: [],
  };
  const wait = await db.transaction().execute(async (trx) => {
    // SQLite runs one transaction at a time already; PostgreSQL waits here for the other checks
    // counted by the same keys.
    await lockLoginLimitKeys(trx, keys);
    await deleteLoginFailuresBefore(trx, since);
    let wait = 0;
    for (const key of keys) {
      const count = await countLoginFailuresSince(trx, key, since);
      if (count >= LOGIN_MAX_FAILURES) {
        const seconds = Math.max(1, await secondsUntilAllowed(trx, attempt, key, since));
        if (pastAccountLock && key.by === 'account') attempt.accountLockedFor = seconds;
        else wait = Math.max(wait, seconds);
      }
      if (count === LOGIN_MAX_FAILURES - 1) attempt.locks.push(key);
    }
    // A refused attempt is not a failure of its own: it does not push the wait further out.
    if (wait > 0) return wait;
    await insertLoginFailure(trx, {
      id: attempt.id,
      username: source.username,
      ip: source.ip,
      device_id: source.deviceId ?? null,
      session_id: source.sessionId ?? null,
      failed_at: now.toISOString(),
    });
    return 0;
  });
  if (wait > 0) throw tooManyAttempts(wait);
  return attempt;
}

/** The check passed, or never happened (no code sent yet): the attempt is no failure. */
export async function releaseAttempt(db: Kysely<DB>, attempt: Attempt): Promise<void> {
  await deleteLoginFailureById(db, attempt.id);
}

/** How a lockout is named in the audit log. */
const LOCKOUT_OF = {
  account: 'unknown devices of the account',
  address: 'the address',
  device: 'this device',
  session: 'password confirmations of this session',
} as const;

/**
 * The check failed: the reserved row stays as the failure, and the audit log says so, and says
 * when it locked a key. The name typed is recorded only when it is an account's: people type
 * passwords into the username field.
 */
export async function recordFailedAttempt(
  db: Kysely<DB>,
  attempt: Attempt,
  adminUserId: string | null,
  action: string,
): Promise<void> {
  const actor = adminUserId ? attempt.username : '(unknown user)';
  await recordAudit(db, { adminUserId, actor, action }, attempt.at);
  for (const key of attempt.locks) {
    await recordAudit(
      db,
      {
        adminUserId,
        actor,
        action: 'auth.lockout',
        ...(adminUserId ? { entityType: 'admin_user', entityId: adminUserId } : {}),
        details: {
          locked: LOCKOUT_OF[key.by],
          minutes: LOGIN_WINDOW_MS / 60_000,
          ...(key.by === 'address' ? { address: key.ip } : {}),
        },
      },
      attempt.at,
    );
  }
}

/** Whether failures from elsewhere lock the account on unknown devices now. */
export async function isLockedOnUnknownDevices(
  db: Kysely<DB>,
  username: string,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  return (
    (await countLoginFailuresSince(db, { by: 'account', username }, since)) >= LOGIN_MAX_FAILURES
  );
}
