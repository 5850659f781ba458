import type { FeatureDb } from '../../db/feature-db.ts';
import type { Generated } from 'kysely';

/* The submissions feature's tables: only its repositories write them (docs/architecture.md). */

export interface SubmissionsTable {
  id: string;
  reference: string;
  competition_id: string | null;
  competition_title: string;
  category_id: string | null;
  subcategory_id: string | null;
  full_name: string;
  age: number;
  age_category: string;
  gender: 'male' | 'female' | 'transgender';
  email: string;
  phone: string;
  address: string;
  pincode: string;
  photo_key: string;
  /** JSON of the answers asked once per entry; each work's own are in entry_works. */
  field_values: string;
  /** The form's fields as they were when the entry was made (JSON); null on older entries. */
  form_fields: string | null;
  entry_type: 'free' | 'paid';
  entry_fee: number;
  status: 'pending' | 'approved' | 'rejected';
  payment_status: 'pending' | 'paid';
  idempotency_key: string | null;
  /** SHA-256 of the request an idempotency key was first used with. */
  idempotency_hash: string | null;
  consent_at: string | null;
  guardian_name: string | null;
  guardian_consent_at: string | null;
  /** 'name', 'anonymous' or 'none'; null on entries registered before it was asked. */
  publication_consent: 'name' | 'anonymous' | 'none' | null;
  publication_consent_at: string | null;
  paid_at: string | null;
  refunded_at: string | null;
  /** When its artist withdrew it (an unpaid entry replaced by another); null while it stands. */
  withdrawn_at: string | null;
  /** When its artist last changed it after it was approved or rejected; null otherwise. */
  changed_after_review_at: Generated<string | null>;
  /** The extension it was registered with after the close. */
  extension_id: string | null;
  /** Name, e-mail and reference, lower-cased by the server: what the review's search reads. */
  search_text: Generated<string>;
  /** The code's discount in rupees: gross is `entry_fee` (what is charged) plus this. */
  discount: Generated<number>;
  code_id: Generated<string | null>;
  /** JSON of the PriceBreakdown it was priced at (shared/domain/pricing.ts); null before. */
  price_breakdown: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** One work of an entry: the answers of the fields asked per work, in the entry's order. */
export interface EntryWorksTable {
  id: string;
  submission_id: string;
  /** 1-based, unique within the entry. */
  position: number;
  /** JSON of the work's answers by field id, as `submissions.field_values` holds the entry's. */
  field_values: string;
  created_at: string;
  updated_at: string;
}

export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: string;
}

export interface ReferenceCountersTable {
  series: string;
  value: number;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface SubmissionsTables {
  submissions: SubmissionsTable;
  entry_works: EntryWorksTable;
  server_keys: ServerKeysTable;
  reference_counters: ReferenceCountersTable;
}

/** What the feature's repositories may query: the tables it owns and the ones it reads. */
export type SubmissionsDb = FeatureDb<
  | keyof SubmissionsTables
  | 'categories'
  | 'competitions'
  | 'results_publications'
  | 'certificates'
  | 'awards'
  | 'jury_round_entries'
  | 'jury_assignments'
>;
