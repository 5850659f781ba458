import type { FeatureDb } from '../../db/feature-db.ts';
import type { Generated } from 'kysely';

/* The codes feature's tables: only its repositories write them (docs/architecture.md). */

export interface DiscountCodesTable {
  id: string;
  /** Upper-case, unique. */
  code: string;
  kind: 'percent' | 'fixed' | 'waiver';
  /** Percent (1–100) or whole rupees off; 0 for a waiver. */
  value: number;
  /** The one competition it is for; null: every competition. */
  competition_id: string | null;
  max_uses: number | null;
  /** ISO instant after which it is refused; null: never. */
  expires_at: string | null;
  active: Generated<number>;
  created_by: string;
  created_at: string;
}

/** One entry's use of a code, written in the entry's own transaction. */
export interface CodeUsesTable {
  id: string;
  code_id: string;
  submission_id: string;
  /** Lower-cased: one use per artist e-mail. */
  email: string;
  competition_id: string | null;
  discount: number;
  created_at: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface CodesTables {
  discount_codes: DiscountCodesTable;
  code_uses: CodeUsesTable;
}

/** What the feature's repositories may query: the tables it owns and the ones it reads. */
export type CodesDb = FeatureDb<keyof CodesTables | 'competitions' | 'submissions'>;
