import type { FeatureDb } from '../../db/feature-db.ts';
/* The categories feature's tables: only its repositories write them (docs/architecture.md). */

export interface CategoriesTable {
  id: string;
  name: string;
  form_fields: string;
  created_at: string;
  updated_at: string;
}

export interface SubcategoriesTable {
  id: string;
  category_id: string;
  name: string;
  position: number;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface CategoriesTables {
  categories: CategoriesTable;
  subcategories: SubcategoriesTable;
}

/** What the feature's repositories may query: the tables it owns and the ones it reads. */
export type CategoriesDb = FeatureDb<keyof CategoriesTables | 'competitions' | 'submissions'>;
