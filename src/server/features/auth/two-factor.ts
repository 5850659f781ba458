import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TwoFactorSetup, TwoFactorStatus } from '../../../shared/schemas/auth.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, invalidField, notFound, signInRequired } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { accountAudit, type Actor } from './accounts.service.ts';
import { findAdminByName, updateAdminUser } from './admins.repository.ts';
import { deleteKnownDevicesOf } from './known-devices.repository.ts';
import { deleteSessionsOfUser } from './sessions.repository.ts';
import type { SessionUser } from './sessions.ts';
import {
  describeTotpSetup,
  hashRecoveryCode,
  isTotpCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
} from './two-factor-codes.ts';
import {
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  enableTotp,
  findTotpLastStep,
  findTwoFactorState,
  insertRecoveryCodes,
  saveUnconfirmedTotpSecret,
  useRecoveryCode,
  useTotpStep,
} from './two-factor.repository.ts';

/*
 * Two-factor sign-in: an authenticator app's code (two-factor-codes.ts) plus ten
 * one-time recovery codes. Turning it on takes a first code, so the app surely holds the secret;
 * at sign-in each time step counts only once: `totp_last_step` only moves forward, in one
 * conditional update, so two requests racing with one code cannot both pass.
 */

export const WRONG_SETUP_CODE =
  'That code is not right. Check that the time on your phone is correct and try again.';

/** Replaces the account's recovery codes with ten new ones and returns them (shown once). */
async function replaceRecoveryCodes(
  db: Kysely<DB>,
  adminUserId: string,
  now: Date,
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await deleteRecoveryCodes(db, adminUserId);
  await insertRecoveryCodes(
    db,
    codes.map((code) => ({
      id: randomUUID(),
      admin_user_id: adminUserId,
      code_hash: hashRecoveryCode(code),
      created_at: now.toISOString(),
      used_at: null,
    })),
  );
  return codes;
}

/**
 * Checks and uses up a second factor at sign-in: a current 6-digit code, or an unused recovery
 * code. 'reused' for the app's code of the step used last (the admin is told to wait for
 * the next one); undefined when it is wrong, older than that or an already used recovery code.
 */
export async function consumeSecondFactor(
  db: Kysely<DB>,
  user: { id: string; totp_secret: string | null },
  code: string,
  now: Date,
): Promise<'totp' | 'recovery-code' | 'reused' | undefined> {
  // Apps show '123 456'; whichever way it is typed, six digits are an app's code.
  const digits = code.replace(/\s/g, '');
  if (isTotpCode(digits)) {
    const step = user.totp_secret ? matchingStep(user.totp_secret, digits, now) : undefined;
    if (step === undefined) return undefined;
    if (await useTotpStep(db, user.id, step)) return 'totp';
    // Read after the refused update, so the loser of two racing sign-ins sees the winner's step.
    return (await findTotpLastStep(db, user.id)) === step ? 'reused' : undefined;
  }
  const used = await useRecoveryCode(db, user.id, hashRecoveryCode(code), now.toISOString());
  return used ? 'recovery-code' : undefined;
}

async function findTwoFactorRow(db: Kysely<DB>, adminUserId: string) {
  const row = await findTwoFactorState(db, adminUserId);
  // Removed by another admin since the guard let this request in.
  if (!row) throw signInRequired();
  return row;
}

export async function twoFactorStatus(
  db: Kysely<DB>,
  adminUserId: string,
  required: boolean,
): Promise<TwoFactorStatus> {
  const user = await findTwoFactorRow(db, adminUserId);
  const recoveryCodesLeft = await countUnusedRecoveryCodes(db, adminUserId);
  return { enabled: user.totp_enabled === 1, recoveryCodesLeft, required };
}

/** A fresh secret, waiting for its first code; replaces any earlier unconfirmed one. */
export async function beginTwoFactorSetup(
  db: Kysely<DB>,
  admin: Pick<SessionUser, 'adminUserId' | 'username' | 'twoFactorEnabled'>,
  now: Date,
): Promise<TwoFactorSetup> {
  const user = await findTwoFactorRow(db, admin.adminUserId);
  if (user.totp_enabled === 1) {
    throw new AppError(409, 'TWO_FACTOR_ALREADY_ON', 'Two-factor is already on.');
  }
  const secret = newTotpSecret();
  await db.transaction().execute(async (trx) => {
    await saveUnconfirmedTotpSecret(trx, user.id, secret);
    await recordAudit(
      trx,
      {
        adminUserId: user.id,
        actor: admin.username,
        action: 'account.two-factor-setup',
        entityType: 'admin_user',
        entityId: user.id,
      },
      now,
    );
  });
  return describeTotpSetup(secret, user.username);
}

/**
 * Turns two-factor on once the first code proves the app holds the secret. The account's other
 * sessions end and its other known devices are forgotten (they signed in with the password
 * alone; `keepDeviceId` is the browser making the change); the recovery codes are returned once.
 */
export async function enableTwoFactor(
  db: Kysely<DB>,
  admin: SessionUser,
  code: string,
  keepDeviceId: string | undefined,
  now: Date,
): Promise<string[]> {
  const user = await findTwoFactorRow(db, admin.adminUserId);
  if (user.totp_enabled === 1) {
    throw new AppError(409, 'TWO_FACTOR_ALREADY_ON', 'Two-factor is already on.');
  }
  if (!user.totp_secret) {
    throw new AppError(409, 'NO_TWO_FACTOR_SETUP', 'Start turning on two-factor first.');
  }
  const step = matchingStep(user.totp_secret, code, now);
  if (step === undefined) {
    throw invalidField('code', WRONG_SETUP_CODE);
  }
  const secret = user.totp_secret;
  return db.transaction().execute(async (trx) => {
    if (!(await enableTotp(trx, user.id, secret, step, now.toISOString()))) {
      throw new AppError(409, 'TWO_FACTOR_ALREADY_ON', 'Two-factor is already on.');
    }
    const codes = await replaceRecoveryCodes(trx, user.id, now);
    await deleteSessionsOfUser(trx, user.id, admin.sessionId);
    await deleteKnownDevicesOf(trx, user.id, keepDeviceId);
    await recordAudit(
      trx,
      {
        adminUserId: user.id,
        actor: admin.username,
        action: 'account.two-factor-enable',
        entityType: 'admin_user',
        entityId: user.id,
      },
      now,
    );
    return codes;
  });
}

/** Ten new recovery codes; the old ones stop working. */
export async function renewRecoveryCodes(
  db: Kysely<DB>,
  admin: SessionUser,
  now: Date,
): Promise<string[]> {
  const user = await findTwoFactorRow(db, admin.adminUserId);
  if (user.totp_enabled !== 1) {
    throw new AppError(409, 'TWO_FACTOR_OFF', 'Two-factor is not on.');
  }
  return db.transaction().execute(async (trx) => {
    const codes = await replaceRecoveryCodes(trx, user.id, now);
    await recordAudit(
      trx,
      {
        adminUserId: user.id,
        actor: admin.username,
        action: 'account.recovery-codes-renew',
        entityType: 'admin_user',
        entityId: user.id,
      },
      now,
    );
    return codes;
  });
}

/**
 * Turns two-factor off for an account: by its owner (`disable`), or from the command line for an
 * admin who lost their phone and codes (`reset`, which also ends their sessions). Either way the
 * account's known devices are forgotten, but for `keepDeviceId` (the owner's browser): its
 * credentials changed.
 */
export async function turnOffTwoFactor(
  db: Kysely<DB>,
  username: string,
  actor: Actor,
  options: {
    endSessions: boolean;
    action: string;
    keepDeviceId?: string | undefined;
    now: Date;
  },
): Promise<void> {
  const { now } = options;
  const user = await findAdminByName(db, username);
  if (!user) throw notFound(`No admin named ${username}`);
  await db.transaction().execute(async (trx) => {
    await updateAdminUser(trx, user.id, {
      totp_enabled: 0,
      totp_secret: null,
      totp_last_step: null,
      updated_at: now.toISOString(),
    });
    await deleteRecoveryCodes(trx, user.id);
    if (options.endSessions) await deleteSessionsOfUser(trx, user.id);
    await deleteKnownDevicesOf(trx, user.id, options.keepDeviceId);
    await recordAudit(trx, accountAudit(actor, options.action, user.id), now);
  });
}
