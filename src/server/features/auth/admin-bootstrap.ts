import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { hashPassword } from './password.ts';

export const FIRST_ADMIN_USERNAME = 'admin';

/**
 * Creates the account `admin` when there is no admin at all. Returns the password only when it
 * was generated here, so the caller can show it once; only its hash is stored.
 */
export async function ensureFirstAdmin(
  db: Kysely<DB>,
  configuredPassword: string | undefined,
): Promise<{ created: boolean; generatedPassword?: string }> {
  const existing = await db.selectFrom('admin_users').select('id').limit(1).executeTakeFirst();
  if (existing) return { created: false };
  const generatedPassword = configuredPassword ? undefined : randomBytes(18).toString('base64url');
  const password = configuredPassword ?? (generatedPassword as string);
  const now = new Date().toISOString();
  const inserted = await db
    .insertInto('admin_users')
    .values({
      id: randomUUID(),
      username: FIRST_ADMIN_USERNAME,
      password_hash: await hashPassword(password),
      totp_secret: null,
      totp_last_step: null,
      created_at: now,
      updated_at: now,
    })
    // Two servers starting at once against one PostgreSQL: the second simply finds the first's.
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { created: false };
  return generatedPassword ? { created: true, generatedPassword } : { created: true };
}
