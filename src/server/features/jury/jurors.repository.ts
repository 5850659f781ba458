import type { Insertable } from 'kysely';
import type { JurorInvitationsTable } from '../../db/schema.ts';
import type { JuryDb } from './jury.tables.ts';

/*
 * Juror accounts (admin_users rows with the role 'juror') and their invitations
 * (juror_invitations, keyed by the SHA-256 of the link's token). Every query here names the role,
 * so nothing in this file ever reads, changes or deletes an admin's account.
 */

const selectJurors = (db: JuryDb) =>
  db
    .selectFrom('admin_users')
    .select(['id', 'username', 'display_name', 'email', 'totp_enabled', 'created_at'])
    .where('role', '=', 'juror');

export type JurorRow = NonNullable<Awaited<ReturnType<typeof findJurorById>>>;

/** Every juror (the service sorts them by name). */
export async function findAllJurors(db: JuryDb) {
  return selectJurors(db).execute();
}

export async function findJurorById(db: JuryDb, id: string) {
  return selectJurors(db).where('id', '=', id).executeTakeFirst();
}

/** How many jurors have this (lower-cased) e-mail. */
export async function countJurorsWithEmail(db: JuryDb, email: string): Promise<number> {
  const row = await db
    .selectFrom('admin_users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'juror')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The usernames of any role that begin with `prefix` in any case (a few more may come back: '_'
 * matches any character in LIKE; the caller compares exactly).
 */
export async function findUsernamesStartingWith(db: JuryDb, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('admin_users')
    .select('username')
    .where((eb) => eb(eb.fn('lower', ['username']), 'like', `${prefix.toLowerCase()}%`))
    .execute();
  return rows.map((r) => r.username);
}

/** Each juror's invitations (for their state), newest first. */
export async function findInvitationsOfJurors(db: JuryDb, jurorIds: readonly string[]) {
  if (jurorIds.length === 0) return [];
  return db
    .selectFrom('juror_invitations')
    .select(['admin_user_id', 'created_at', 'expires_at', 'used_at'])
    .where('admin_user_id', 'in', jurorIds)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function insertInvitation(
  db: JuryDb,
  row: Insertable<JurorInvitationsTable>,
): Promise<void> {
  await db.insertInto('juror_invitations').values(row).execute();
}

/** Removes the juror's invitations not yet used, so their links stop working; how many went. */
export async function deleteUnusedInvitationsOf(db: JuryDb, jurorId: string): Promise<number> {
  const result = await db
    .deleteFrom('juror_invitations')
    .where('admin_user_id', '=', jurorId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countUsedInvitationsOf(db: JuryDb, jurorId: string): Promise<number> {
  const row = await db
    .selectFrom('juror_invitations')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('admin_user_id', '=', jurorId)
    .where('used_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An invitation with its juror; undefined when no juror's invitation has this id. */
export async function findInvitationWithJuror(db: JuryDb, id: string) {
  return db
    .selectFrom('juror_invitations as i')
    .innerJoin('admin_users as u', 'u.id', 'i.admin_user_id')
    .select([
      'i.id',
      'i.expires_at',
      'i.used_at',
      'u.id as juror_id',
      'u.username',
      'u.display_name',
    ])
    .where('i.id', '=', id)
    .where('u.role', '=', 'juror')
    .executeTakeFirst();
}

/**
 * Marks the invitation used if it still is unused and unexpired at `now`: of two accepts at once
 * only one finds it so (PostgreSQL re-checks the row after the first commits). Whether it did.
 */
export async function markInvitationUsed(db: JuryDb, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('juror_invitations')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
