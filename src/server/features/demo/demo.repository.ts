import type { DemoDb } from './demo.tables.ts';

/*
 * The demo's own markers (app_meta) and what it looks up before seeding. Every row it adds to
 * another feature's table goes through that feature's front door.
 */

export async function hasMarker(db: DemoDb, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('app_meta')
    .select('key')
    .where('key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertMarker(db: DemoDb, key: string, value: string): Promise<void> {
  await db.insertInto('app_meta').values({ key, value }).execute();
}

/** Whether an admin (or an earlier seed) has made any category, competition or banner. */
export async function hasAnyContent(db: DemoDb): Promise<boolean> {
  for (const table of ['categories', 'competitions', 'banners'] as const) {
    const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export async function findAccountByName(db: DemoDb, username: string) {
  return db
    .selectFrom('admin_users')
    .select(['id', 'role'])
    .where('username', '=', username)
    .executeTakeFirst();
}

export async function findCategoryByName(db: DemoDb, name: string) {
  return db
    .selectFrom('categories')
    .select('id')
    .where('name', '=', name)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

export async function findSubcategoryId(
  db: DemoDb,
  categoryId: string,
  name: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('subcategories')
    .select('id')
    .where('category_id', '=', categoryId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A demo competition's entries by artist name. */
export async function findEntriesOf(db: DemoDb, competitionId: string) {
  return db
    .selectFrom('submissions')
    .select(['id', 'full_name'])
    .where('competition_id', '=', competitionId)
    .execute();
}

/** The id of the demo competition with this title (the newest, should an admin have copied it). */
export async function findCompetitionIdByTitle(db: DemoDb, title: string) {
  const row = await db
    .selectFrom('competitions')
    .select('id')
    .where('title', '=', title)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}
