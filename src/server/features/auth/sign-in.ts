import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createSession } from './sessions.ts';

/** Seed §8: the one message for an unknown user and a wrong password alike. */
export const INVALID_CREDENTIALS = 'Invalid credentials';
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
async function secondsUntilAllowed(
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

/**
 * Checks a username and password and opens a session. Failures are counted per username and per
 * address; the answer never says which of the two was wrong.
 */
export async function signIn(
  db: Kysely<DB>,
  attempt: { username: string; password: string; ip: string; userAgent: string | undefined },
  now = new Date(),
): Promise<{ token: string; username: string }> {
  const wait = await secondsUntilAllowed(db, attempt.username, attempt.ip, now);
  if (wait > 0) throw tooManyAttempts(wait);

  const user = await db
    .selectFrom('admin_users')
    .select(['id', 'username', 'password_hash'])
    .where('username', '=', attempt.username)
    .executeTakeFirst();
  const valid = await verifyPassword(user?.password_hash ?? (await decoy()), attempt.password);
  if (!user || !valid) {
    // The failure and its audit entry together, so the count and the log always agree.
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
      await recordAudit(
        trx,
        { adminUserId: user?.id ?? null, actor: attempt.username, action: 'auth.sign-in-failed' },
        now,
      );
    });
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  const token = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('login_failures').where('username', '=', user.username).execute();
    const created = await createSession(trx, user.id, attempt.userAgent, now);
    await recordAudit(
      trx,
      { adminUserId: user.id, actor: user.username, action: 'auth.sign-in' },
      now,
    );
    return created;
  });
  return { token, username: user.username };
}
