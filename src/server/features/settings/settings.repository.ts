import { isPostgres } from '../../db/database.ts';
import type { SettingsDb } from './settings.tables.ts';

export const SETTINGS_ID = 'site_settings';

/** `lock`: inside a transaction on PostgreSQL, holds the row until it ends (SQLite has no need). */
export async function findSettingsData(
  db: SettingsDb,
  { lock = false }: { lock?: boolean } = {},
): Promise<string | undefined> {
  let query = db.selectFrom('site_settings').select('data').where('id', '=', SETTINGS_ID);
  if (lock && isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row?.data;
}

export async function saveSettingsData(db: SettingsDb, data: string, at: Date): Promise<void> {
  const updatedAt = at.toISOString();
  await db
    .insertInto('site_settings')
    .values({ id: SETTINGS_ID, data, updated_at: updatedAt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ data, updated_at: updatedAt }))
    .execute();
}
