import type { FeatureDb } from '../../db/feature-db.ts';
/* The rate-limits feature's tables: only its repositories write them (docs/architecture.md). */

export interface RateLimitHitsTable {
  id: string;
  scope: string;
  client_key: string;
  hit_at: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface RateLimitsTables {
  rate_limit_hits: RateLimitHitsTable;
}

/** What the feature's repositories may query: the tables it owns. */
export type RateLimitsDb = FeatureDb<keyof RateLimitsTables>;
