import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { findAdminForSignIn } from './admins.repository.ts';
import { recordFailedAttempt, releaseAttempt, reserveAttempt } from './login-limit.ts';
import { deleteLoginFailuresOfUsername } from './login-limit.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { AdminSession } from '../../../shared/schemas/auth.ts';
import type { SecuritySettings } from '../../../shared/schemas/security-settings.ts';
import { createSession, deleteStaleSessions, describeSession } from './sessions.ts';
import { consumeSecondFactor } from './two-factor.ts';

/** Seed §8: the one message for an unknown user and a wrong password alike. */
export const INVALID_CREDENTIALS = 'Invalid credentials';
export const TWO_FACTOR_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
export const INVALID_CODE = 'Invalid code';
// Verified against when the username is unknown, so both failures take the same time.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}

interface SignInAttempt {
  username: string;
  password: string;
  /** The authenticator app's code or a recovery code, for an account with two-factor on. */
  code?: string | undefined;
  ip: string;
  userAgent: string | undefined;
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
  const reserved = await reserveAttempt(db, attempt.username, attempt.ip, now);
  const user = await findAdminForSignIn(db, attempt.username);
  const valid = await verifyPassword(
    user?.password_hash ?? (await decoyPasswordHash()),
    attempt.password,
  );
  if (!user || !valid) {
    await recordFailedAttempt(db, reserved, user?.id ?? null, 'auth.sign-in-failed');
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  const twoFactorEnabled = user.totp_enabled === 1;
  let secondFactor: string | undefined;
  if (twoFactorEnabled) {
    if (!attempt.code) {
      await releaseAttempt(db, reserved);
      throw new AppError(401, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED);
    }
    secondFactor = await consumeSecondFactor(db, user, attempt.code, now);
    if (!secondFactor) {
      await recordFailedAttempt(db, reserved, user.id, 'auth.two-factor-failed');
      throw new AppError(401, 'INVALID_CODE', INVALID_CODE);
    }
  }
  const token = await db.transaction().execute(async (trx) => {
    // A success clears the username's count, this attempt's reservation with it.
    await deleteLoginFailuresOfUsername(trx, user.username);
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
