import { isPostgres } from '../../db/database.ts';
import type { Insertable, Updateable } from 'kysely';
import type { BannersTable } from '../../db/schema.ts';
import type { BannersDb } from './banners.tables.ts';

/** In the order the admin set (position), newest first among equals. */
export async function findAllBanners(db: BannersDb) {
  return db
    .selectFrom('banners')
    .selectAll()
    .orderBy('position')
    .orderBy('created_at', 'desc')
    .execute();
}

export async function findBannerById(db: BannersDb, id: string) {
  return db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every banner's id; with `lock`, on PostgreSQL the rows are held until the transaction ends. */
export async function findBannerIds(
  db: BannersDb,
  { lock = false }: { lock?: boolean } = {},
): Promise<string[]> {
  let query = db.selectFrom('banners').select('id');
  if (lock && isPostgres(db)) query = query.forUpdate();
  return (await query.execute()).map((r) => r.id);
}

/** The position that puts a banner before every other one. */
export async function findFirstPosition(db: BannersDb): Promise<number> {
  const row = await db
    .selectFrom('banners')
    .select((eb) => eb.fn.min<number | null>('position').as('first'))
    .executeTakeFirst();
  const first = row?.first;
  return first === null || first === undefined ? 0 : Number(first) - 1;
}

export async function insertBanner(db: BannersDb, row: Insertable<BannersTable>): Promise<void> {
  await db.insertInto('banners').values(row).execute();
}

/** Whether a banner with the id existed. */
export async function updateBannerRow(
  db: BannersDb,
  id: string,
  patch: Updateable<BannersTable>,
): Promise<boolean> {
  const result = await db.updateTable('banners').set(patch).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteBannerRow(db: BannersDb, id: string): Promise<void> {
  await db.deleteFrom('banners').where('id', '=', id).execute();
}

/** Numbers the banners 0, 1, 2… in the order of `ids` (their content, and updatedAt, stay). */
export async function setBannerPositions(db: BannersDb, ids: readonly string[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db.updateTable('banners').set({ position }).where('id', '=', id).execute();
  }
}
