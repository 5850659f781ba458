import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { NewUsernameSchema, passwordProblem } from '../../../shared/schemas/auth.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from './password.ts';
import { deleteSessionsOfUser } from './sessions.repository.ts';

function checkPassword(password: string, username: string): void {
  const problem = passwordProblem(password, username);
  if (problem) throw new AppError(400, 'VALIDATION_ERROR', problem, { password: problem });
}

/** Adds an admin account (one role, as in the seed). */
export async function createAdmin(
  db: Kysely<DB>,
  rawUsername: string,
  password: string,
): Promise<{ id: string; username: string }> {
  const parsed = NewUsernameSchema.safeParse(rawUsername);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid username';
    throw new AppError(400, 'VALIDATION_ERROR', message, { username: message });
  }
  const username = parsed.data;
  checkPassword(password, username);
  const now = new Date().toISOString();
  const inserted = await db
    .insertInto('admin_users')
    .values({
      id: randomUUID(),
      username,
      password_hash: await hashPassword(password),
      totp_secret: null,
      totp_last_step: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning(['id', 'username'])
    .executeTakeFirst();
  if (!inserted) {
    throw new AppError(409, 'USERNAME_TAKEN', `An admin named ${username} already exists`, {
      username: 'This username is taken',
    });
  }
  return inserted;
}

/**
 * Sets a new password and ends every session of the account except `keepSessionId` (the one
 * that made the change, if any).
 */
export async function setPassword(
  db: Kysely<DB>,
  username: string,
  password: string,
  keepSessionId?: string,
): Promise<void> {
  const user = await db
    .selectFrom('admin_users')
    .select(['id', 'username'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!user) throw new AppError(404, 'NOT_FOUND', `No admin named ${username}`);
  checkPassword(password, user.username);
  await db
    .updateTable('admin_users')
    .set({ password_hash: await hashPassword(password), updated_at: new Date().toISOString() })
    .where('id', '=', user.id)
    .execute();
  await deleteSessionsOfUser(db, user.id, keepSessionId);
}
