import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { hasAnyAdmin, insertAdminUser, updateAdminUser } from './admins.repository.ts';
import { hashPassword } from './password.ts';

export const FIRST_ADMIN_USERNAME = 'admin';

/**
 * Creates the account `admin` when there is no admin at all. Returns the password only when it
 * was generated here, so the caller can show it once; only its hash is stored.
 */
export async function ensureFirstAdmin(
  db: Kysely<DB>,
  configuredPassword: string | undefined,
  now: Date,
): Promise<{ created: boolean; generatedPassword?: string }> {
  if (await hasAnyAdmin(db)) return { created: false };
  const generatedPassword = configuredPassword ? undefined : randomBytes(18).toString('base64url');
  const password = configuredPassword ?? (generatedPassword as string);
  const inserted = await insertAdminUser(
    db,
    FIRST_ADMIN_USERNAME,
    await hashPassword(password),
    now,
  );
  if (!inserted) return { created: false };
  // Printed on the console once: its admin is asked to change it (the session says so).
  if (generatedPassword) await updateAdminUser(db, inserted.id, { password_generated: 1 });
  return generatedPassword ? { created: true, generatedPassword } : { created: true };
}
