import type { FeatureDb } from '../../db/feature-db.ts';
import type { Generated } from 'kysely';

/* The competitions feature's tables: only its repositories write them (docs/architecture.md). */

export interface CompetitionsTable {
  id: string;
  title: string;
  description: string;
  image_url: Generated<string>;
  prize_image_url: Generated<string>;
  category_id: string;
  subcategory_id: string | null;
  start_date: string;
  end_date: string;
  entry_type: 'free' | 'paid';
  entry_fee: number;
  /** 1 while only admins see it (decision 021). */
  draft: Generated<number>;
  /** 'HH:MM', the last minute entries are taken on the end date; null: the end of the day. */
  closing_time: string | null;
  created_at: string;
  updated_at: string;
  /** Markdown, or null for none (added later: older rows have none). */
  rules: Generated<string | null>;
  eligibility: Generated<string | null>;
  prize_description: Generated<string | null>;
  /** How many works an entry holds: at least min_works, at most max_works (1 and 1 by default). */
  min_works: Generated<number>;
  max_works: Generated<number>;
  /** The least pixels on an artwork's longer side, for print; null: any size. */
  min_artwork_long_side: Generated<number | null>;
  /** Whole rupees for each work after the first; the tiers' fees fall back to the standard ones. */
  further_work_fee: Generated<number>;
  early_bird_fee: Generated<number | null>;
  early_bird_further_fee: Generated<number | null>;
  /** ISO instant: the early-bird prices apply before it. */
  early_bird_until: Generated<string | null>;
  late_fee: Generated<number | null>;
  late_further_fee: Generated<number | null>;
  /** ISO instant: the late prices apply from it. */
  late_from: Generated<string | null>;
}

/** An artist's personal leave to register after the close, until valid_until (decision 021). */
export interface EntryExtensionsTable {
  id: string;
  competition_id: string;
  email: string;
  valid_until: string;
  token_hash: string;
  created_by: string;
  created_at: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface CompetitionsTables {
  competitions: CompetitionsTable;
  entry_extensions: EntryExtensionsTable;
}

/** What the feature's repositories may query: the tables it owns and the ones it reads. */
export type CompetitionsDb = FeatureDb<
  | keyof CompetitionsTables
  | 'categories'
  | 'subcategories'
  | 'submissions'
  | 'jury_rounds'
  | 'results_publications'
>;
