import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { TwoFactorSetup, TwoFactorStatus } from '../../../shared/schemas/auth.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, invalidField, notFound, signInRequired } from '../../errors.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Actor } from './accounts.ts';
import { deleteSessionsOfUser } from './sessions.repository.ts';
import type { SessionUser } from './sessions.ts';

/*
 * Issue 4, two-factor sign-in: TOTP (RFC 6238, what every authenticator app speaks) plus ten
 * one-time recovery codes. A code is accepted one step either side of now for clock drift, and
 * each time step only once: `totp_last_step` only moves forward, in one conditional update, so
 * two requests racing with one code cannot both pass.
 */
const ISSUER = 'White Stroke';
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: read off paper without doubt. 31 symbols, 10 of them: about 50 bits a code.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;
const TOTP_PATTERN = /^\d{6}$/;

export const WRONG_SETUP_CODE =
  'That code is not right. Check that the time on your phone is correct and try again.';

function totpOf(secret: string, username: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: username,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to (within the drift window), or undefined. */
function matchingStep(secret: string, code: string, now: Date): number | undefined {
  if (!TOTP_PATTERN.test(code)) return undefined;
  const delta = totpOf(secret, '').validate({
    token: code,
    timestamp: now.getTime(),
    window: DRIFT_STEPS,
  });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** Spaces, dashes and case do not matter when a recovery code is typed back. */
function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(normalized).digest('base64url');
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(31)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Replaces the account's recovery codes with ten new ones and returns them (shown once). */
async function replaceRecoveryCodes(
  db: Kysely<DB>,
  adminUserId: string,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom('recovery_codes').where('admin_user_id', '=', adminUserId).execute();
  await db
    .insertInto('recovery_codes')
    .values(
      codes.map((code) => ({
        id: randomUUID(),
        admin_user_id: adminUserId,
        code_hash: hashRecoveryCode(code),
        created_at: now.toISOString(),
        used_at: null,
      })),
    )
    .execute();
  return codes;
}

/**
 * Checks and uses up a second factor at sign-in: a current 6-digit code, or an unused recovery
 * code. Undefined when it is wrong, replayed or already used.
 */
export async function consumeSecondFactor(
  db: Kysely<DB>,
  user: { id: string; totp_secret: string | null },
  code: string,
  now = new Date(),
): Promise<'totp' | 'recovery-code' | undefined> {
  // Apps show '123 456'; whichever way it is typed, six digits are an app's code.
  const digits = code.replace(/\s/g, '');
  if (TOTP_PATTERN.test(digits)) {
    const step = user.totp_secret ? matchingStep(user.totp_secret, digits, now) : undefined;
    if (step === undefined) return undefined;
    const result = await db
      .updateTable('admin_users')
      .set({ totp_last_step: step })
      .where('id', '=', user.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? 'totp' : undefined;
  }
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('admin_user_id', '=', user.id)
    .where('code_hash', '=', hashRecoveryCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? 'recovery-code' : undefined;
}

async function findTwoFactorRow(db: Kysely<DB>, adminUserId: string) {
  const row = await db
    .selectFrom('admin_users')
    .select(['id', 'username', 'totp_secret', 'totp_enabled'])
    .where('id', '=', adminUserId)
    .executeTakeFirst();
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
  const { n } = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admin_user_id', '=', adminUserId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled: user.totp_enabled === 1, recoveryCodesLeft: Number(n), required };
}

/** A fresh secret, waiting for its first code; replaces any earlier unconfirmed one. */
export async function beginTwoFactorSetup(
  db: Kysely<DB>,
  admin: SessionUser,
): Promise<TwoFactorSetup> {
  const user = await findTwoFactorRow(db, admin.adminUserId);
  if (user.totp_enabled === 1) {
    throw new AppError(409, 'TWO_FACTOR_ALREADY_ON', 'Two-factor is already on.');
  }
  const secret = new Secret({ size: 20 }).base32;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admin_users')
      .set({ totp_secret: secret, totp_last_step: null })
      .where('id', '=', user.id)
      .where('totp_enabled', '=', 0)
      .execute();
    await recordAudit(trx, {
      adminUserId: user.id,
      actor: admin.username,
      action: 'account.two-factor-setup',
      entityType: 'admin_user',
      entityId: user.id,
    });
  });
  const otpauthUrl = totpOf(secret, user.username).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return {
    secret,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Turns two-factor on once the first code proves the app holds the secret. The account's other
 * sessions end (they were opened with the password alone); the recovery codes are returned once.
 */
export async function enableTwoFactor(
  db: Kysely<DB>,
  admin: SessionUser,
  code: string,
  now = new Date(),
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
    const result = await trx
      .updateTable('admin_users')
      .set({ totp_enabled: 1, totp_last_step: step, updated_at: now.toISOString() })
      .where('id', '=', user.id)
      .where('totp_enabled', '=', 0)
      .where('totp_secret', '=', secret)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      throw new AppError(409, 'TWO_FACTOR_ALREADY_ON', 'Two-factor is already on.');
    }
    const codes = await replaceRecoveryCodes(trx, user.id, now);
    await deleteSessionsOfUser(trx, user.id, admin.sessionId);
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
  now = new Date(),
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
 * admin who lost their phone and codes (`reset`, which also ends their sessions).
 */
export async function turnOffTwoFactor(
  db: Kysely<DB>,
  username: string,
  actor: Actor,
  options: { endSessions: boolean; action: string },
): Promise<void> {
  const user = await db
    .selectFrom('admin_users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  if (!user) throw notFound(`No admin named ${username}`);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admin_users')
      .set({
        totp_enabled: 0,
        totp_secret: null,
        totp_last_step: null,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('recovery_codes').where('admin_user_id', '=', user.id).execute();
    if (options.endSessions) await deleteSessionsOfUser(trx, user.id);
    await recordAudit(trx, {
      adminUserId: actor.adminUserId,
      actor: actor.username,
      action: options.action,
      entityType: 'admin_user',
      entityId: user.id,
    });
  });
}
