import type { KnownDevicesTable } from '../../db/schema.ts';
import type { AuthDb } from './auth.tables.ts';

/* The browsers that have signed in to an account before (docs/decisions/014). */

/** Whether this device id is known to this account, and was issued after `since`. */
export async function isKnownDevice(
  db: AuthDb,
  id: string,
  adminUserId: string,
  since: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('known_devices')
    .select('id')
    .where('id', '=', id)
    .where('admin_user_id', '=', adminUserId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertKnownDevice(db: AuthDb, row: KnownDevicesTable): Promise<void> {
  await db.insertInto('known_devices').values(row).execute();
}

/** Forgets a device that was given a new token, and the account's devices issued before `before`. */
export async function deleteReplacedDevices(
  db: AuthDb,
  adminUserId: string,
  replacedId: string | undefined,
  before: string,
): Promise<void> {
  await db
    .deleteFrom('known_devices')
    .where('admin_user_id', '=', adminUserId)
    .where((eb) =>
      replacedId === undefined
        ? eb('created_at', '<=', before)
        : eb.or([eb('id', '=', replacedId), eb('created_at', '<=', before)]),
    )
    .execute();
}

/**
 * Forgets every device of the account but `exceptId` (the browser making the change): its
 * credentials changed, and a browser that signed in with the old ones must not stay known.
 */
export async function deleteKnownDevicesOf(
  db: AuthDb,
  adminUserId: string,
  exceptId?: string,
): Promise<void> {
  let query = db.deleteFrom('known_devices').where('admin_user_id', '=', adminUserId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}
