import type { FeatureDb } from '../../db/feature-db.ts';
/* The settings feature's tables: only its repositories write them (docs/architecture.md). */

export interface SiteSettingsTable {
  id: string;
  data: string;
  updated_at: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface SettingsTables {
  site_settings: SiteSettingsTable;
}

/** What the feature's repositories may query: the tables it owns. */
export type SettingsDb = FeatureDb<keyof SettingsTables>;
