import { ADVISORY_LOCK, type AdvisoryLock, lockAdvisory } from '../../db/advisory-locks.ts';
import type { LoginFailuresTable } from '../../db/schema.ts';
import type { AuthDb } from './auth.tables.ts';

/*
 * The failed sign-in attempts (login_failures) the sign-in limit counts, and the locks that let
 * login-limit.ts count and reserve in one step (docs/decisions/007 and 014).
 */

/**
 * What failures are counted by: an account's or an address's attempts from unknown devices, a
 * known device's attempts on its account, or the password confirmations of one session.
 */
export type LoginLimitKey =
  | { by: 'account'; username: string }
  | { by: 'address'; ip: string }
  | { by: 'device'; username: string; deviceId: string }
  | { by: 'session'; sessionId: string };

// The advisory lock and the text hashed, for each kind of key.
function lockOf(key: LoginLimitKey): [AdvisoryLock, string] {
  switch (key.by) {
    case 'account':
      return [ADVISORY_LOCK.signInAccount, key.username];
    case 'address':
      return [ADVISORY_LOCK.signInAddress, key.ip];
    case 'device':
      return [ADVISORY_LOCK.signInDevice, `${key.username}\n${key.deviceId}`];
    case 'session':
      return [ADVISORY_LOCK.signInSession, key.sessionId];
  }
}

/**
 * Inside a transaction on PostgreSQL: waits for the other holders of each key's lock, in the order
 * given (always account before address, and no attempt mixes other kinds, so two transactions
 * never wait on each other), and holds them until it ends. SQLite runs one transaction at a time.
 */
export async function lockLoginLimitKeys(trx: AuthDb, keys: LoginLimitKey[]): Promise<void> {
  for (const key of keys) await lockAdvisory(trx, ...lockOf(key));
}

/** The failures one key counts. */
function failuresOf(db: AuthDb, key: LoginLimitKey) {
  const rows = db.selectFrom('login_failures');
  switch (key.by) {
    case 'account':
      return rows
        .where('username', '=', key.username)
        .where('device_id', 'is', null)
        .where('session_id', 'is', null);
    case 'address':
      return rows
        .where('ip', '=', key.ip)
        .where('device_id', 'is', null)
        .where('session_id', 'is', null);
    case 'device':
      return rows.where('username', '=', key.username).where('device_id', '=', key.deviceId);
    case 'session':
      return rows.where('session_id', '=', key.sessionId);
  }
}

export async function deleteLoginFailuresBefore(db: AuthDb, before: string): Promise<void> {
  await db.deleteFrom('login_failures').where('failed_at', '<', before).execute();
}

export async function countLoginFailuresSince(
  db: AuthDb,
  key: LoginLimitKey,
  since: string,
): Promise<number> {
  const { n } = await failuresOf(db, key)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('failed_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** When the newest `limit` failures since `since` happened, newest first, except `exceptId`. */
export async function findLoginFailureTimes(
  db: AuthDb,
  key: LoginLimitKey,
  since: string,
  exceptId: string,
  limit: number,
): Promise<string[]> {
  const rows = await failuresOf(db, key)
    .select('failed_at')
    .where('failed_at', '>=', since)
    .where('id', '!=', exceptId)
    .orderBy('failed_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.failed_at);
}

export async function insertLoginFailure(db: AuthDb, row: LoginFailuresTable): Promise<void> {
  await db.insertInto('login_failures').values(row).execute();
}

export async function deleteLoginFailureById(db: AuthDb, id: string): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

/**
 * Clears what one key counts (only those made from `fromIp`, when given): a sign-in that
 * succeeded clears its own kind of failures.
 */
export async function deleteLoginFailuresOf(
  db: AuthDb,
  key: LoginLimitKey,
  fromIp?: string,
): Promise<void> {
  let ids = failuresOf(db, key).select('id');
  if (fromIp !== undefined) ids = ids.where('ip', '=', fromIp);
  await db.deleteFrom('login_failures').where('id', 'in', ids).execute();
}

/** Every failure of an account, whatever counted it (unlock, a new password). */
export async function deleteLoginFailuresOfUsername(db: AuthDb, username: string): Promise<void> {
  await db.deleteFrom('login_failures').where('username', '=', username).execute();
}
