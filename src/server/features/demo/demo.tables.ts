import type { FeatureDb } from '../../db/feature-db.ts';
/* The demo feature's tables: only its seeding writes them (docs/architecture.md). */

/** Key-value marks of the server; the demo seed notes there that it has run. */
export interface AppMetaTable {
  key: string;
  value: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface DemoTables {
  app_meta: AppMetaTable;
}

/**
 * What the feature's repositories may query: the table it owns and the ones it reads before
 * seeding. Its rows in those go through their owners' front doors.
 */
export type DemoDb = FeatureDb<
  | keyof DemoTables
  | 'categories'
  | 'subcategories'
  | 'competitions'
  | 'submissions'
  | 'entry_works'
  | 'admin_users'
  | 'banners'
>;
