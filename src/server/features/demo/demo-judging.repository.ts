import type { Insertable } from 'kysely';
import type { CompetitionsTable, SubmissionsTable } from '../../db/schema.ts';
import type { DemoDb } from './demo.tables.ts';

/*
 * The rows the jury demo writes that no service offers: the demo competition, its entries, their
 * references, and the demo's own markers. Accounts, the judging set-up and rounds go through the
 * auth and jury services.
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

export async function insertCategory(
  db: DemoDb,
  row: { id: string; name: string; form_fields: string; created_at: string; updated_at: string },
): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

export async function insertCompetition(
  db: DemoDb,
  row: Insertable<CompetitionsTable>,
): Promise<void> {
  await db.insertInto('competitions').values(row).execute();
}

export async function insertSubmission(
  trx: DemoDb,
  row: Insertable<SubmissionsTable>,
): Promise<void> {
  await trx.insertInto('submissions').values(row).execute();
}

/** A demo competition's entries by artist name. */
export async function findEntriesOf(db: DemoDb, competitionId: string) {
  return db
    .selectFrom('submissions')
    .select(['id', 'full_name'])
    .where('competition_id', '=', competitionId)
    .execute();
}
