import type { Kysely } from 'kysely';
import type { PublicCategory } from '../../../shared/schemas/category.ts';
import type { DB } from '../../db/schema.ts';
import { type CachedJson, cacheJson, type ContentCache } from '../../http/cached-json.ts';
import { findAllCategories, findAllSubcategories } from './categories.repository.ts';

export interface PublicCategories {
  all: PublicCategory[];
  json: CachedJson;
}

/** The categories the home page filters by, each with its subcategories in their set order. */
export function listPublicCategories(
  db: Kysely<DB>,
  cache: ContentCache,
): Promise<PublicCategories> {
  return cache.get('categories', async () => {
    const [categories, subcategories] = await Promise.all([
      findAllCategories(db),
      findAllSubcategories(db),
    ]);
    const all = categories.map((category) => ({
      id: category.id,
      name: category.name,
      subcategories: subcategories
        .filter((s) => s.category_id === category.id)
        .map((s) => ({ id: s.id, name: s.name })),
    }));
    return { all, json: cacheJson(all) };
  });
}
