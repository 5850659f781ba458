import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findAdminForSignIn } from './admins.repository.ts';
import { knownDeviceOf, rememberDevice } from './known-devices.ts';
import {
  type Attempt,
  keysOf,
  recordFailedAttempt,
  releaseAttempt,
  reserveAttempt,
  tooManyAttempts,
} from './login-limit.ts';
import { deleteLoginFailuresOf } from './login-limit.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { AdminSession } from '../../../shared/schemas/auth.ts';
import type { SecuritySettings } from '../../../shared/schemas/security-settings.ts';
import { createSession, deleteStaleSessions, describeSession } from './sessions.ts';
import {
  invalidEmailCode,
  matchSignInCode,
  spendSignInCodeTry,
  useSignInCode,
} from './sign-in-codes.ts';
import { consumeSecondFactor } from './two-factor.ts';

/** Seed §8: the one message for an unknown user and a wrong password alike. */
export const INVALID_CREDENTIALS = 'Invalid credentials';
export const TWO_FACTOR_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
export const INVALID_CODE = 'Invalid code';
export const CODE_ALREADY_USED = 'This code has already been used. Wait for the next one.';
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
  /** The device cookie's id, when the browser sent one (known-devices.ts). */
  deviceId?: string | undefined;
  /** The code e-mailed to sign in past a lock (sign-in-codes.ts). */
  emailCode?: string | undefined;
}

type SignInUser = NonNullable<Awaited<ReturnType<typeof findAdminForSignIn>>>;

/**
 * An unknown device's sign-in while its account is locked and its address is not. Without an
 * e-mailed code, the lock's 429 as before, no password checked. With one, the code is checked
 * first, so nobody without the account's mailbox gets a password checked past the lock; a live
 * code gives its id, and the sign-in goes on to the password.
 */
async function passLock(
  db: Kysely<DB>,
  attempt: SignInAttempt,
  reserved: Attempt,
  user: SignInUser | undefined,
  now: Date,
): Promise<string> {
  if (!attempt.emailCode) {
    await releaseAttempt(db, reserved);
    throw tooManyAttempts(reserved.accountLockedFor ?? 1);
  }
  const codeId = user ? await matchSignInCode(db, user.id, attempt.emailCode, now) : undefined;
  if (!codeId) {
    await recordFailedAttempt(db, reserved, user?.id ?? null, 'auth.sign-in-code-failed');
    throw invalidEmailCode();
  }
  return codeId;
}

/**
 * Checks a username and password, then the second factor when the account has one, and opens a
 * session. Failures (a wrong code included) are counted for the known device the attempt comes
 * from, else per username and per address (docs/decisions/014); the answer never says whether the
 * username or the password was wrong. A success gives the browser a new device token.
 */
export async function signIn(
  db: Kysely<DB>,
  attempt: SignInAttempt,
  security: SecuritySettings,
  now: Date,
): Promise<{ token: string; deviceToken: string; session: AdminSession }> {
  const user = await findAdminForSignIn(db, attempt.username);
  const deviceId = user ? await knownDeviceOf(db, attempt.deviceId, user.id, now) : undefined;
  const source = { username: user?.username ?? attempt.username, ip: attempt.ip, deviceId };
  const reserved = await reserveAttempt(db, source, now, { pastAccountLock: true });
  const codeId =
    reserved.accountLockedFor === undefined
      ? undefined
      : await passLock(db, attempt, reserved, user, now);
  const valid = await verifyPassword(
    user?.password_hash ?? (await decoyPasswordHash()),
    attempt.password,
  );
  if (!user || !valid) {
    await recordFailedAttempt(db, reserved, user?.id ?? null, 'auth.sign-in-failed');
    if (codeId && user) {
      // The code was right and the password not: the code has one try fewer.
      await spendSignInCodeTry(db, user.id, now);
      throw invalidEmailCode();
    }
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  const twoFactorEnabled = user.totp_enabled === 1;
  let secondFactor: string | undefined;
  if (twoFactorEnabled) {
    if (!attempt.code) {
      await releaseAttempt(db, reserved);
      throw new AppError(401, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED);
    }
    const checked = await consumeSecondFactor(db, user, attempt.code, now);
    if (checked === 'reused') {
      await recordFailedAttempt(db, reserved, user.id, 'auth.two-factor-failed');
      throw new AppError(401, 'CODE_ALREADY_USED', CODE_ALREADY_USED);
    }
    if (!checked) {
      await recordFailedAttempt(db, reserved, user.id, 'auth.two-factor-failed');
      throw new AppError(401, 'INVALID_CODE', INVALID_CODE);
    }
    secondFactor = checked;
  }
  const { token, deviceToken } = await db.transaction().execute(async (trx) => {
    // A success clears the failures counted like it (this attempt's reservation with them): a
    // known device's own; an unknown device's, the account's failures from this address only,
    // since the others also count towards other addresses' limits. An attacker's locks stay.
    for (const key of keysOf(source)) {
      if (key.by === 'device') await deleteLoginFailuresOf(trx, key);
      if (key.by === 'account') await deleteLoginFailuresOf(trx, key, attempt.ip);
    }
    if (codeId) await useSignInCode(trx, codeId, now);
    await deleteStaleSessions(trx, security, now);
    const created = await createSession(trx, user.id, attempt.userAgent, security, now);
    const device = await rememberDevice(trx, user.id, attempt.deviceId, now);
    await recordAudit(
      trx,
      {
        adminUserId: user.id,
        actor: user.username,
        action: 'auth.sign-in',
        ...(secondFactor || codeId
          ? {
              details: {
                ...(secondFactor ? { secondFactor } : {}),
                ...(codeId ? { pastLock: 'e-mailed code' } : {}),
              },
            }
          : {}),
      },
      now,
    );
    return { token: created, deviceToken: device };
  });
  return {
    token,
    deviceToken,
    session: describeSession(
      { username: user.username, twoFactorEnabled, role: user.role },
      security,
    ),
  };
}
