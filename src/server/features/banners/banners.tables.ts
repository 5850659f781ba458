import type { FeatureDb } from '../../db/feature-db.ts';
/* The banners feature's tables: only its repositories write them (docs/architecture.md). */

export interface BannersTable {
  id: string;
  title: string;
  description: string;
  image_url: string;
  position: number;
  created_at: string;
  updated_at: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface BannersTables {
  banners: BannersTable;
}

/** What the feature's repositories may query: the tables it owns. */
export type BannersDb = FeatureDb<keyof BannersTables>;
