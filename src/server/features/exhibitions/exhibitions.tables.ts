import type { FeatureDb } from '../../db/feature-db.ts';
import type { Generated } from 'kysely';

/* The exhibitions feature's tables: only its repositories write them (docs/architecture.md). */

/** A competition's online exhibition: public from `opened_at`, past after `ends_at`. */
export interface ExhibitionsTable {
  id: string;
  competition_id: string;
  title: string;
  introduction: Generated<string>;
  /** Null while the exhibition is being prepared (not public). */
  opened_at: string | null;
  /** Null: runs on; after it, the exhibition is listed among the past ones. */
  ends_at: string | null;
  voting_opens_at: string | null;
  voting_closes_at: string | null;
  /** How many works one confirmed e-mail may vote for. */
  votes_per_visitor: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A work chosen for an exhibition, shown in `position` order. */
export interface ExhibitionWorksTable {
  exhibition_id: string;
  work_id: string;
  submission_id: string;
  position: number;
  /** JSON of the published display copies, null until they are made. */
  display_image: string | null;
  added_at: string;
}

/** A work its artist marked for sale, at `price` whole rupees. */
export interface ExhibitionSalesTable {
  work_id: string;
  submission_id: string;
  price: number;
  created_at: string;
  updated_at: string;
}

/** A visitor's enquiry about a work for sale, and the admin's e-mailed answer. */
export interface ExhibitionEnquiriesTable {
  id: string;
  competition_id: string;
  work_id: string;
  name: string;
  email: string;
  message: string;
  created_at: string;
  answer: string | null;
  answered_at: string | null;
  answered_by: string | null;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface ExhibitionsTables {
  exhibitions: ExhibitionsTable;
  exhibition_works: ExhibitionWorksTable;
  exhibition_sales: ExhibitionSalesTable;
  exhibition_enquiries: ExhibitionEnquiriesTable;
}

/** What the feature's repositories may query: the tables it owns and the ones it reads. */
export type ExhibitionsDb = FeatureDb<
  keyof ExhibitionsTables | 'competitions' | 'submissions' | 'entry_works' | 'categories' | 'media'
>;
