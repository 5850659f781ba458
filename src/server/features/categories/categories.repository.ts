import type { Insertable } from 'kysely';
import { isPostgres } from '../../db/database.ts';
import type { CategoriesTable, CategoryRow, SubcategoriesTable } from '../../db/schema.ts';
import type { CategoriesDb } from './categories.tables.ts';

/** Seed §7: categories are listed newest first. */
export async function findAllCategories(db: CategoriesDb): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().orderBy('created_at', 'desc').execute();
}

export async function findAllSubcategories(db: CategoriesDb) {
  return db
    .selectFrom('subcategories')
    .select(['id', 'category_id', 'name'])
    .orderBy('position')
    .orderBy('name')
    .execute();
}

/**
 * One category. With `lock`, on PostgreSQL its row stays locked until the transaction ends, so a
 * competition cannot be added to it meanwhile (the insert's foreign-key check waits for the lock;
 * admin-categories.routes.test.ts races the two). SQLite runs one write transaction at a time.
 */
export async function findCategoryById(
  db: CategoriesDb,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<CategoryRow | undefined> {
  let query = db.selectFrom('categories').selectAll().where('id', '=', id);
  if (lock && isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A category's subcategories in their set order; `lock` as in findCategoryById. */
export async function findSubcategoriesOf(
  db: CategoriesDb,
  categoryId: string,
  { lock = false }: { lock?: boolean } = {},
) {
  let query = db
    .selectFrom('subcategories')
    .select(['id', 'category_id', 'name'])
    .where('category_id', '=', categoryId)
    .orderBy('position')
    .orderBy('name');
  if (lock && isPostgres(db)) query = query.forUpdate();
  return query.execute();
}

/** How many competitions each category has, by category id (none: absent). */
export async function countCompetitionsByCategory(
  db: CategoriesDb,
  categoryId?: string,
): Promise<Map<string, number>> {
  let query = db
    .selectFrom('competitions')
    .select((eb) => ['category_id', eb.fn.countAll<number | string>().as('n')])
    .groupBy('category_id');
  if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

/** How many competitions use each of these subcategories, by subcategory id (none: absent). */
export async function countCompetitionsBySubcategory(
  db: CategoriesDb,
  subcategoryIds: string[],
): Promise<Map<string, number>> {
  if (subcategoryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('competitions')
    .select((eb) => ['subcategory_id', eb.fn.countAll<number | string>().as('n')])
    .where('subcategory_id', 'in', subcategoryIds)
    .groupBy('subcategory_id')
    .execute();
  return new Map(rows.map((r) => [r.subcategory_id ?? '', Number(r.n)]));
}

/** Submissions made in each subcategory (every one when no ids are given), by subcategory id. */
export async function countEntriesBySubcategory(
  db: CategoriesDb,
  subcategoryIds?: string[],
): Promise<Map<string, number>> {
  if (subcategoryIds?.length === 0) return new Map();
  let query = db
    .selectFrom('submissions')
    .select((eb) => ['subcategory_id', eb.fn.countAll<number | string>().as('n')])
    .where('subcategory_id', 'is not', null)
    .groupBy('subcategory_id');
  if (subcategoryIds) query = query.where('subcategory_id', 'in', subcategoryIds);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.subcategory_id ?? '', Number(r.n)]));
}

export async function insertCategory(
  db: CategoriesDb,
  row: Insertable<CategoriesTable>,
): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

export async function updateCategoryRow(
  db: CategoriesDb,
  id: string,
  changes: { name: string; form_fields: string; updated_at: string },
): Promise<void> {
  await db.updateTable('categories').set(changes).where('id', '=', id).execute();
}

/** Removes the category; its subcategories go with it (ON DELETE CASCADE). */
export async function deleteCategoryRow(db: CategoriesDb, id: string): Promise<void> {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

export async function insertSubcategories(
  db: CategoriesDb,
  rows: Insertable<SubcategoriesTable>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('subcategories').values(rows).execute();
}

export async function updateSubcategory(
  db: CategoriesDb,
  id: string,
  changes: { name: string; position: number },
): Promise<void> {
  await db.updateTable('subcategories').set(changes).where('id', '=', id).execute();
}

export async function deleteSubcategories(db: CategoriesDb, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('subcategories').where('id', 'in', ids).execute();
}
