import type { FeatureDb } from '../../db/feature-db.ts';

/* The review feature owns no table (docs/architecture.md). */

/** What the feature's repositories may query: the tables it reads (it owns none). */
export type ReviewDb = FeatureDb<
  'categories' | 'subcategories' | 'competitions' | 'submissions' | 'entry_works'
>;
