import type { Kysely } from 'kysely';
import {
  type AdminUser,
  NewUsernameSchema,
  passwordProblem,
} from '../../../shared/schemas/auth.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, invalidField, notFound, signInRequired } from '../../errors.ts';
import { type AuditEntry, recordAudit } from '../audit/audit.service.ts';
import {
  deleteAdminById,
  findAdminById,
  findAdminByName,
  findAdminIds,
  findAllAdmins,
  findPasswordHashOfAdmin,
  insertAdminUser,
  type JurorDetails,
  updateAdminUser,
} from './admins.repository.ts';
export type { JurorDetails };
import { deleteKnownDevicesOf } from './known-devices.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { recordFailedAttempt, releaseAttempt, reserveAttempt } from './login-limit.ts';
import { deleteLoginFailuresOfUsername } from './login-limit.repository.ts';
import { deleteSessionsOfUser } from './sessions.repository.ts';

function checkPassword(password: string, username: string): void {
  const problem = passwordProblem(password, username);
  if (problem) throw invalidField('password', problem);
}

/** Who made an account change, for the audit log: an admin, or the command line. */
export interface Actor {
  adminUserId: string | null;
  username: string;
}

/** An audit entry about an admin account, made by `actor`. */
export function accountAudit(
  actor: Actor,
  action: string,
  accountId: string,
  details?: Record<string, unknown>,
): AuditEntry {
  return {
    adminUserId: actor.adminUserId,
    actor: actor.username,
    action,
    entityType: 'admin_user',
    entityId: accountId,
    details,
  };
}

/** A new account: an admin's, or with `juror` a juror's (name and e-mail for invitations). */
export interface NewAccount {
  username: string;
  password: string;
  juror?: JurorDetails;
}

/**
 * Adds an account. With an actor, the account and its audit entry are written in one
 * transaction, with whatever `alsoWrite` adds (a juror's invitation): all or nothing.
 */
export async function createAccount<T = void>(
  db: Kysely<DB>,
  account: NewAccount,
  actor: Actor | undefined,
  now: Date,
  alsoWrite?: (trx: Kysely<DB>, created: { id: string; username: string }) => Promise<T>,
): Promise<{ id: string; username: string; also: T | undefined }> {
  const parsed = NewUsernameSchema.safeParse(account.username);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid username';
    throw invalidField('username', message);
  }
  const username = parsed.data;
  checkPassword(account.password, username);
  // Hashed before the transaction: argon2 takes tens of milliseconds a write lock need not wait.
  const passwordHash = await hashPassword(account.password);
  return db.transaction().execute(async (trx) => {
    const inserted = await insertAdminUser(trx, username, passwordHash, now, account.juror);
    if (!inserted) {
      throw new AppError(409, 'USERNAME_TAKEN', `An admin named ${username} already exists`, {
        username: 'This username is taken',
      });
    }
    if (actor) {
      await recordAudit(
        trx,
        {
          adminUserId: actor.adminUserId,
          actor: actor.username,
          action: account.juror ? 'juror.create' : 'admin_user.create',
          entityType: 'admin_user',
          entityId: inserted.id,
          details: { username: inserted.username },
        },
        now,
      );
    }
    const also = alsoWrite ? await alsoWrite(trx, inserted) : undefined;
    return { ...inserted, also };
  });
}

/** Adds an admin account (the seed's one role). */
export async function createAdmin(
  db: Kysely<DB>,
  username: string,
  password: string,
  actor: Actor | undefined,
  now: Date,
): Promise<{ id: string; username: string }> {
  const { id, username: name } = await createAccount(db, { username, password }, actor, now);
  return { id, username: name };
}

/**
 * Sets a new password, ends every session of the account except `keepSessionId` and forgets its
 * known devices except `keepDeviceId` (the session and browser that made the change, if any);
 * with an actor, audited in the same transaction.
 */
export async function setPassword(
  db: Kysely<DB>,
  username: string,
  password: string,
  options: {
    keepSessionId?: string;
    keepDeviceId?: string | undefined;
    actor?: Actor;
    action?: string;
    now: Date;
    /** Runs first in the same transaction (a juror's invitation marked used); throwing changes nothing. */
    alsoWrite?: (trx: Kysely<DB>, account: { id: string; username: string }) => Promise<void>;
  },
): Promise<void> {
  const { now } = options;
  const user = await findAdminByName(db, username);
  if (!user) throw notFound(`No admin named ${username}`);
  checkPassword(password, user.username);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await options.alsoWrite?.(trx, user);
    await updateAdminUser(trx, user.id, {
      password_hash: passwordHash,
      // Chosen by a person now: no longer the one the server printed.
      password_generated: 0,
      updated_at: now.toISOString(),
    });
    await deleteSessionsOfUser(trx, user.id, options.keepSessionId);
    await deleteKnownDevicesOf(trx, user.id, options.keepDeviceId);
    // A new password lifts every lock on the account: the guesses were against the old one.
    await deleteLoginFailuresOfUsername(trx, user.username);
    if (options.actor) {
      await recordAudit(
        trx,
        {
          adminUserId: options.actor.adminUserId,
          actor: options.actor.username,
          action: options.action ?? 'admin_user.password-reset',
          entityType: 'admin_user',
          entityId: user.id,
        },
        now,
      );
    }
  });
}

export const WRONG_CURRENT_PASSWORD = 'The current password is not right.';

/**
 * Asks a signed-in admin for their password again before a sensitive change. Wrong answers count
 * towards a limit of this session's own (docs/decisions/014), so a borrowed session cannot be used
 * to guess the password, and failures elsewhere never refuse the admin's own confirmation.
 */
export async function requireCurrentPassword(
  db: Kysely<DB>,
  admin: { adminUserId: string; username: string; sessionId: string },
  password: string,
  ip: string,
  field = 'password',
  now: Date,
): Promise<void> {
  const attempt = await reserveAttempt(
    db,
    { username: admin.username, ip, sessionId: admin.sessionId },
    now,
  );
  const passwordHash = await findPasswordHashOfAdmin(db, admin.adminUserId);
  if (passwordHash === undefined) {
    // Removed by another admin since the guard let this request in.
    await releaseAttempt(db, attempt);
    throw signInRequired();
  }
  if (!(await verifyPassword(passwordHash, password))) {
    await recordFailedAttempt(db, attempt, admin.adminUserId, 'account.password-check-failed');
    throw invalidField(field, WRONG_CURRENT_PASSWORD);
  }
  await releaseAttempt(db, attempt);
}

/**
 * `npm run admin -- unlock NAME`: clears the account's failures, and so every lock on it (unknown
 * devices, its known devices, its sessions' confirmations); audited.
 */
export async function unlockAdmin(
  db: Kysely<DB>,
  username: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  const user = await findAdminByName(db, username);
  if (!user) throw notFound(`No admin named ${username}`);
  await db.transaction().execute(async (trx) => {
    await deleteLoginFailuresOfUsername(trx, user.username);
    await recordAudit(
      trx,
      {
        adminUserId: actor.adminUserId,
        actor: actor.username,
        action: 'admin_user.unlock',
        entityType: 'admin_user',
        entityId: user.id,
        details: { username: user.username },
      },
      now,
    );
  });
}

/** Every admin account, by name. */
export async function listAdmins(db: Kysely<DB>): Promise<AdminUser[]> {
  const rows = await findAllAdmins(db);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    twoFactor: r.totp_enabled === 1,
    createdAt: r.created_at,
  }));
}

/** Removes an admin account with its sessions; the last one is never removed. */
export async function removeAdmin(
  db: Kysely<DB>,
  id: string,
  actor: { adminUserId: string; username: string },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const target = await findAdminById(trx, id);
    if (!target) throw notFound('No such admin');
    // Two admins removing each other at once must not leave none. PostgreSQL: lock every account
    // row until the transaction ends. SQLite already runs one write at a time.
    const accounts = await findAdminIds(trx, { lock: true });
    if (accounts.length <= 1) {
      throw new AppError(409, 'LAST_ADMIN', 'The last admin cannot be removed.');
    }
    await deleteAdminById(trx, target.id);
    await recordAudit(
      trx,
      {
        // An admin removing their own account: the row is gone, so only the name stays.
        adminUserId: target.id === actor.adminUserId ? null : actor.adminUserId,
        actor: actor.username,
        action: 'admin_user.delete',
        entityType: 'admin_user',
        entityId: target.id,
        details: { username: target.username },
      },
      now,
    );
  });
}
