import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AdminSession } from '../../../shared/schemas/auth.ts';
import {
  DEFAULT_SECURITY_SETTINGS,
  type SecuritySettings,
} from '../../../shared/schemas/security-settings.ts';
import type { AccountRole, DB } from '../../db/schema.ts';
import {
  deleteExpiredSessions,
  deleteSessionById,
  findSessionWithUser,
  insertSession,
  touchSession,
} from './sessions.repository.ts';

/** The timeouts of PRODUCT.md point 2: settings, defaulting to idle 2 h, absolute 12 h. */
export type SessionLimits = Pick<SecuritySettings, 'sessionIdleMinutes' | 'sessionAbsoluteHours'>;
export const DEFAULT_SESSION_LIMITS: SessionLimits = DEFAULT_SECURITY_SETTINGS;

const idleMs = (limits: SessionLimits) => limits.sessionIdleMinutes * 60 * 1000;
export const absoluteMs = (limits: SessionLimits) => limits.sessionAbsoluteHours * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The database keeps only a hash of each session token, so a copy of the database (a backup, a
 * leaked dump) signs nobody in.
 */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface SessionUser {
  sessionId: string;
  adminUserId: string;
  username: string;
  twoFactorEnabled: boolean;
  /** Which scope the session may use: /api/admin or /api/jury. */
  role: AccountRole;
  /** A juror's name; null for an admin. */
  displayName: string | null;
  /** Still the password the server generated (admin-bootstrap.ts). */
  passwordGenerated?: boolean;
}

export async function createSession(
  db: Kysely<DB>,
  adminUserId: string,
  userAgent: string | undefined,
  limits: SessionLimits,
  now: Date,
): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await insertSession(db, {
    id: hashSessionToken(token),
    admin_user_id: adminUserId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + absoluteMs(limits)).toISOString(),
    user_agent: userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/**
 * The signed-in admin of a token, or undefined for a malformed, unknown, idle or expired one. The
 * limits are today's settings, so a shorter timeout applies at once to sessions already open.
 */
export async function findSessionUser(
  db: Kysely<DB>,
  token: string | undefined,
  limits: SessionLimits,
  now: Date,
): Promise<SessionUser | undefined> {
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  const id = hashSessionToken(token);
  const row = await findSessionWithUser(db, id);
  if (!row) return undefined;
  const idleSince = now.getTime() - Date.parse(row.last_seen_at);
  // expires_at is the lifetime when the session opened; a setting lowered since applies too.
  const expired =
    Date.parse(row.expires_at) <= now.getTime() ||
    now.getTime() - Date.parse(row.created_at) >= absoluteMs(limits);
  if (expired || idleSince >= idleMs(limits)) {
    await deleteSessionById(db, id);
    return undefined;
  }
  if (idleSince >= TOUCH_EVERY_MS) await touchSession(db, id, now.toISOString());
  return {
    sessionId: id,
    adminUserId: row.admin_user_id,
    username: row.username,
    twoFactorEnabled: row.totp_enabled === 1,
    role: row.role,
    displayName: row.display_name,
    passwordGenerated: row.password_generated === 1,
  };
}

/** What the browser learns about its session (GET /api/auth/session). */
export function describeSession(
  admin: Pick<SessionUser, 'username' | 'twoFactorEnabled' | 'role' | 'passwordGenerated'>,
  security: SecuritySettings,
): AdminSession {
  return {
    username: admin.username,
    role: admin.role,
    twoFactorEnabled: admin.twoFactorEnabled,
    // The rule is the admins': a juror is offered two-factor, never required to turn it on.
    twoFactorSetupRequired:
      admin.role === 'admin' && security.requireTwoFactor && !admin.twoFactorEnabled,
    ...(admin.passwordGenerated ? { passwordChangeRequired: true as const } : {}),
  };
}

/** Sessions past either limit, deleted now and then so the table does not grow for ever. */
export async function deleteStaleSessions(
  db: Kysely<DB>,
  limits: SessionLimits,
  now: Date,
): Promise<void> {
  await deleteExpiredSessions(
    db,
    new Date(now.getTime() - absoluteMs(limits)).toISOString(),
    new Date(now.getTime() - idleMs(limits)).toISOString(),
  );
}

export async function endSession(db: Kysely<DB>, token: string | undefined): Promise<void> {
  if (token && TOKEN_PATTERN.test(token)) await deleteSessionById(db, hashSessionToken(token));
}
