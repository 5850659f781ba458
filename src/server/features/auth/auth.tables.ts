import type { FeatureDb } from '../../db/feature-db.ts';
import type { Generated } from 'kysely';
import type { AccountRole } from '../../../shared/schemas/auth.ts';

/* The auth feature's tables: only its repositories write them (docs/architecture.md). */

export interface AdminUsersTable {
  id: string;
  username: string;
  password_hash: string;
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  totp_last_step: number | null;
  /** 'admin', or 'juror' (the jury's scope only). */
  role: Generated<AccountRole>;
  /** A juror's name as the admin gave it; null for admins. */
  display_name: string | null;
  /**
   * A juror's e-mail, where invitations and reminders go; an admin's where sign-in codes go,
   * null until the admin gives one.
   */
  email: string | null;
  /** 1 while the password is the one the server generated at first start (asked to change). */
  password_generated: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  admin_user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
}

export interface LoginFailuresTable {
  id: string;
  username: string;
  ip: string;
  failed_at: string;
  /** Set when the attempt came from a known device (docs/decisions/014): counted for it alone. */
  device_id: string | null;
  /** Set for a password confirmation inside a signed-in session: counted for that session alone. */
  session_id: string | null;
}

/** A browser that has signed in to an account before: the sha256 hash of its cookie's token. */
export interface KnownDevicesTable {
  id: string;
  admin_user_id: string;
  created_at: string;
}

/** A code e-mailed to an account's owner to sign in past a lock (only its hash). */
export interface SignInCodesTable {
  id: string;
  admin_user_id: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: Generated<number>;
  used_at: string | null;
}

export interface RecoveryCodesTable {
  id: string;
  admin_user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface AuthTables {
  admin_users: AdminUsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  known_devices: KnownDevicesTable;
  sign_in_codes: SignInCodesTable;
  recovery_codes: RecoveryCodesTable;
}

/** What the feature's repositories may query: the tables it owns. */
export type AuthDb = FeatureDb<keyof AuthTables>;
