import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import { isPostgres } from '../../db/database.ts';
import type { AccountRole, AdminUsersTable } from '../../db/schema.ts';
import type { AuthDb } from './auth.tables.ts';

/*
 * The admin accounts (admin_users): who they are, their password, the sign-in lookup, and the
 * plain update of an account by id. The conditional two-factor updates, which must find the row
 * in an expected state, are in two-factor.repository.ts.
 */

/** A juror's name and e-mail; admins have neither. */
export interface JurorDetails {
  displayName: string;
  /** Null for a juror made from the command line, who is given no invitation. */
  email: string | null;
}

/** The one insert of an account (an admin's unless `juror`); undefined when the username is taken. */
export async function insertAdminUser(
  db: AuthDb,
  username: string,
  passwordHash: string,
  at: Date,
  juror?: JurorDetails,
): Promise<{ id: string; username: string } | undefined> {
  const now = at.toISOString();
  return (
    db
      .insertInto('admin_users')
      .values({
        id: randomUUID(),
        username,
        password_hash: passwordHash,
        totp_secret: null,
        totp_last_step: null,
        role: juror ? 'juror' : 'admin',
        display_name: juror?.displayName ?? null,
        email: juror?.email ?? null,
        created_at: now,
        updated_at: now,
      })
      // Two servers starting at once, or two admins adding one name (or inviting one juror's
      // address): the second finds the first's.
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'username'])
      .executeTakeFirst()
  );
}

export async function hasAnyAdmin(db: AuthDb): Promise<boolean> {
  const row = await db.selectFrom('admin_users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

const selectIdentities = (db: AuthDb) => db.selectFrom('admin_users').select(['id', 'username']);

export async function findAdminByName(db: AuthDb, username: string) {
  return selectIdentities(db).where('username', '=', username).executeTakeFirst();
}

export async function findAdminById(db: AuthDb, id: string) {
  return selectIdentities(db).where('id', '=', id).executeTakeFirst();
}

export async function findEmailOfAdmin(db: AuthDb, id: string) {
  return db.selectFrom('admin_users').select('email').where('id', '=', id).executeTakeFirst();
}

/** What signing in checks: the password, then the second factor when it is on. */
export async function findAdminForSignIn(db: AuthDb, username: string) {
  return db
    .selectFrom('admin_users')
    .select([
      'id',
      'username',
      'password_hash',
      'totp_enabled',
      'totp_secret',
      'role',
      'email',
      'display_name',
      'password_generated',
    ])
    .where('username', '=', username)
    .executeTakeFirst();
}

export async function findPasswordHashOfAdmin(db: AuthDb, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('admin_users')
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.password_hash;
}

/** The accounts of one role, by username. */
export async function findAllAdmins(db: AuthDb, role: AccountRole = 'admin') {
  return db
    .selectFrom('admin_users')
    .select(['id', 'username', 'display_name', 'email', 'totp_enabled', 'created_at'])
    .where('role', '=', role)
    .orderBy('username')
    .execute();
}

/**
 * Every admin's id (jurors are not counted); with `lock`, on PostgreSQL the rows are held until the
 * transaction ends (SQLite already runs one write at a time).
 */
export async function findAdminIds(
  db: AuthDb,
  { lock = false }: { lock?: boolean } = {},
): Promise<string[]> {
  let query = db.selectFrom('admin_users').select('id').where('role', '=', 'admin');
  if (lock && isPostgres(db)) query = query.forUpdate();
  return (await query.execute()).map((r) => r.id);
}

export async function updateAdminUser(
  db: AuthDb,
  id: string,
  patch: Updateable<AdminUsersTable>,
): Promise<void> {
  await db.updateTable('admin_users').set(patch).where('id', '=', id).execute();
}

/** Its sessions and recovery codes go with it (foreign keys). */
export async function deleteAdminById(db: AuthDb, id: string): Promise<void> {
  await db.deleteFrom('admin_users').where('id', '=', id).execute();
}

/** Only a juror's row: an admin's id deletes nothing. Sessions and invitations go by cascade. */
export async function deleteJurorById(db: AuthDb, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('admin_users')
    .where('id', '=', id)
    .where('role', '=', 'juror')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
