import type { SessionsTable } from '../../db/schema.ts';
import type { AuthDb } from './auth.tables.ts';

export async function insertSession(db: AuthDb, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export async function findSessionWithUser(db: AuthDb, id: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('admin_users as u', 'u.id', 's.admin_user_id')
    .select([
      's.id',
      's.admin_user_id',
      's.created_at',
      's.last_seen_at',
      's.expires_at',
      'u.username',
      'u.totp_enabled',
      'u.role',
      'u.display_name',
      'u.password_generated',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

export async function touchSession(db: AuthDb, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteSessionById(db: AuthDb, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteSessionsOfUser(
  db: AuthDb,
  adminUserId: string,
  exceptId?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('admin_user_id', '=', adminUserId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}

/** Sessions opened at or before `openedBy`, and those last seen at or before `seenBy`. */
export async function deleteExpiredSessions(
  db: AuthDb,
  openedBy: string,
  seenBy: string,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('created_at', '<=', openedBy), eb('last_seen_at', '<=', seenBy)]))
    .execute();
}
