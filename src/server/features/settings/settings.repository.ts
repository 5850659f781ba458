import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export const SETTINGS_ID = 'site_settings';

/** `lock`: inside a PostgreSQL transaction, holds the row until it ends (SQLite has no need). */
export async function findSettingsData(
  db: Kysely<DB>,
  { lock = false }: { lock?: boolean } = {},
): Promise<string | undefined> {
  let query = db.selectFrom('site_settings').select('data').where('id', '=', SETTINGS_ID);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row?.data;
}

export async function saveSettingsData(db: Kysely<DB>, data: string): Promise<void> {
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('site_settings')
    .values({ id: SETTINGS_ID, data, updated_at: updatedAt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ data, updated_at: updatedAt }))
    .execute();
}
