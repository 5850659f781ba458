import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export const SETTINGS_ID = 'site_settings';

export async function findSettingsData(db: Kysely<DB>): Promise<string | undefined> {
  const row = await db
    .selectFrom('site_settings')
    .select('data')
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirst();
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
