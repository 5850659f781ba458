import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { AdminSession } from '../../../shared/schemas/auth.ts';
import type { SecuritySettings } from '../../../shared/schemas/settings.ts';
import { createSession, deleteStaleSessions, describeSession } from './sessions.ts';
import { consumeSecondFactor } from './two-factor.ts';

/** Seed §8: the one message for an unknown user and a wrong password alike. */
export const INVALID_CREDENTIALS = 'Invalid credentials';
export const TWO_FACTOR_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
export const INVALID_CODE = 'Invalid code';
/** Issue 4: after 5 failures for one username or one address within 15 minutes, wait. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

// Verified against when the username is unknown, so both failures take the same time.
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

/** Seconds until another attempt is allowed for this username or address; 0 when allowed now. */
export async function secondsUntilAllowed(
  db: Kysely<DB>,
  username: string,
  ip: string,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString();
  await db.deleteFrom('login_failures').where('failed_at', '<', since).execute();
  let wait = 0;
  for (const [column, value] of [
    ['username', username],
    ['ip', ip],
  ] as const) {
    const failures = await db
      .selectFrom('login_failures')
      .select('failed_at')
      .where(column, '=', value)
      .where('failed_at', '>=', since)
      .orderBy('failed_at', 'desc')
      .limit(LOGIN_MAX_FAILURES)
      .execute();
    const oldestCounted = failures[LOGIN_MAX_FAILURES - 1];
    if (oldestCounted) {
      const freeAt = Date.parse(oldestCounted.failed_at) + LOGIN_WINDOW_MS;
      wait = Math.max(wait, Math.ceil((freeAt - now.getTime()) / 1000));
    }
  }
  return wait;
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

interface SignInAttempt {
  username: string;
  password: string;
  /** The authenticator app's code or a recovery code, for an account with two-factor on. */
  code?: string | undefined;
  ip: string;
  userAgent: string | undefined;
}

/** A failure and its audit entry together, so the count and the log always agree. */
export async function recordFailure(
  db: Kysely<DB>,
  attempt: Pick<SignInAttempt, 'username' | 'ip'>,
  adminUserId: string | null,
  action: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_failures')
      .values({
        id: randomUUID(),
        username: attempt.username,
        ip: attempt.ip,
        failed_at: now.toISOString(),
      })
      .execute();
    await recordAudit(trx, { adminUserId, actor: attempt.username, action }, now);
  });
}

/**
 * Checks a username and password, then the second factor when the account has one, and opens a
 * session. Failures (a wrong code included) are counted per username and per address; the answer
 * never says whether the username or the password was wrong.
 */
export async function signIn(
  db: Kysely<DB>,
  attempt: SignInAttempt,
  security: SecuritySettings,
  now = new Date(),
): Promise<{ token: string; session: AdminSession }> {
  const wait = await secondsUntilAllowed(db, attempt.username, attempt.ip, now);
  if (wait > 0) throw tooManyAttempts(wait);

  const user = await db
    .selectFrom('admin_users')
    .select(['id', 'username', 'password_hash', 'totp_enabled', 'totp_secret'])
    .where('username', '=', attempt.username)
    .executeTakeFirst();
  const valid = await verifyPassword(user?.password_hash ?? (await decoy()), attempt.password);
  if (!user || !valid) {
    await recordFailure(db, attempt, user?.id ?? null, 'auth.sign-in-failed', now);
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  const twoFactorEnabled = user.totp_enabled === 1;
  let secondFactor: string | undefined;
  if (twoFactorEnabled) {
    if (!attempt.code) throw new AppError(401, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED);
    secondFactor = await consumeSecondFactor(db, user, attempt.code, now);
    if (!secondFactor) {
      await recordFailure(db, attempt, user.id, 'auth.two-factor-failed', now);
      throw new AppError(401, 'INVALID_CODE', INVALID_CODE);
    }
  }
  const token = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('login_failures').where('username', '=', user.username).execute();
    await deleteStaleSessions(trx, security, now);
    const created = await createSession(trx, user.id, attempt.userAgent, security, now);
    await recordAudit(
      trx,
      {
        adminUserId: user.id,
        actor: user.username,
        action: 'auth.sign-in',
        ...(secondFactor ? { details: { secondFactor } } : {}),
      },
      now,
    );
    return created;
  });
  return {
    token,
    session: describeSession({ username: user.username, twoFactorEnabled }, security),
  };
}
