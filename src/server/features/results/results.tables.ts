import type { FeatureDb } from '../../db/feature-db.ts';
import type { Generated } from 'kysely';

/* The results feature's tables: only its repositories write them (docs/architecture.md). */

/** A juror's ranking ballot in a ranking round: `ranking` is a JSON array of aliases, best first. */
export interface JuryBallotsTable {
  round_id: string;
  juror_id: string;
  ranking: string;
  updated_at: string;
}

/** A competition's award to one work of an entry (one per work), shown in `position` order. */
export interface AwardsTable {
  id: string;
  competition_id: string;
  submission_id: string;
  work_id: string;
  title: string;
  prize: Generated<string>;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface ResultsPublicationsTable {
  competition_id: string;
  /** Null while unpublished. */
  published_at: string | null;
  first_published_at: string;
  updated_at: string;
  /** 1: the jury's feedback, not hidden, reaches the artists (chosen at Publish). */
  feedback_released: Generated<number>;
}

export interface CertificatesTable {
  id: string;
  code: string;
  submission_id: string;
  competition_id: string;
  kind: 'merit' | 'participation';
  award: string | null;
  /** The work a merit certificate names (one certificate per awarded work); null otherwise. */
  work_id: string | null;
  outcome: 'award' | 'shortlisted' | 'participated';
  /** 'YYYY-MM-DD' in the site's time zone. */
  issued_on: string;
  file_key: string | null;
  file_inputs: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A competition's judging record: canonical JSON (UTF-8) written once, at its first publication,
 * and never rewritten, so its SHA-256 stays what the results page and certificates print.
 */
export interface JudgingRecordsTable {
  competition_id: string;
  body: string;
  sha256: string;
  /** Null while withdrawn (or while the results are not published it is not shown either). */
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface ResultsTables {
  jury_ballots: JuryBallotsTable;
  awards: AwardsTable;
  results_publications: ResultsPublicationsTable;
  certificates: CertificatesTable;
  judging_records: JudgingRecordsTable;
}

/** What the feature's repositories may query: the tables it owns and the ones it reads. */
export type ResultsDb = FeatureDb<
  | keyof ResultsTables
  | 'categories'
  | 'competitions'
  | 'submissions'
  | 'entry_works'
  | 'jury_rounds'
  | 'jury_round_entries'
  | 'jury_assignments'
>;
