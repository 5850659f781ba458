import type { Kysely } from 'kysely';
import type { CategoryRow, DB } from '../../db/schema.ts';

/** Seed §7: categories are listed newest first. */
export async function findAllCategories(db: Kysely<DB>): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().orderBy('created_at', 'desc').execute();
}

export async function findAllSubcategories(db: Kysely<DB>) {
  return db
    .selectFrom('subcategories')
    .select(['id', 'category_id', 'name'])
    .orderBy('position')
    .orderBy('name')
    .execute();
}
