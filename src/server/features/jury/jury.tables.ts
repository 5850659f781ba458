import type { FeatureDb } from '../../db/feature-db.ts';
import type { ColumnType, Generated } from 'kysely';

/* The jury feature's tables: only its repositories write them (docs/architecture.md). */

export interface JurorInvitationsTable {
  id: string;
  admin_user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface JurySetupsTable {
  competition_id: string;
  jurors_per_entry: number;
  publish_jury: Generated<number>;
  updated_at: string;
}

export interface JuryCriteriaTable {
  id: string;
  competition_id: string;
  position: number;
  name: string;
  description: string;
  weight: number;
  scale_min: number;
  scale_max: number;
  required: number;
}

export interface JuryPanelTable {
  competition_id: string;
  juror_id: string;
}

export interface JuryConflictsTable {
  id: string;
  competition_id: string;
  juror_id: string;
  artist_email: string;
  created_at: string;
}

export type RoundStatus = 'draft' | 'open' | 'closed';
/** A round is scored against the criteria, or ranked on one ballot per juror. */
export type RoundKind = 'score' | 'ranking';

export interface JuryRoundsTable {
  id: string;
  competition_id: string;
  number: number;
  status: RoundStatus;
  kind: ColumnType<RoundKind, RoundKind | undefined, RoundKind>;
  jurors_per_entry: number;
  created_at: string;
  opened_at: string | null;
  closed_at: string | null;
  /** When the round is meant to end (jurors are shown it and reminded before); null: no end set. */
  ends_at: string | null;
}

export interface JuryRoundEntriesTable {
  round_id: string;
  submission_id: string;
  /** The unit judged: one work of the entry. */
  work_id: string;
  alias: string;
  jurors_missing: Generated<number>;
}

export interface JuryAssignmentsTable {
  round_id: string;
  submission_id: string;
  /** The unit judged: one work of the entry. */
  work_id: string;
  juror_id: string;
  order_key: string;
  /** Private to the jury and the admins. */
  comment: Generated<string>;
  /** For the artist, once Publish releases it; the admin may edit it. */
  feedback: Generated<string>;
  /** 1: the admin withheld it from the artist. */
  feedback_hidden: Generated<number>;
  scored_at: string | null;
  conflict_reason: string | null;
  conflict_at: string | null;
  assigned_at: string;
}

export interface JuryScoresTable {
  round_id: string;
  submission_id: string;
  /** The unit judged: one work of the entry. */
  work_id: string;
  juror_id: string;
  criterion_id: string;
  score: number;
}

/** The jury's copy of an answer that named its artist (the artist's own stays in field_values). */
export interface JuryRedactionsTable {
  submission_id: string;
  /** The work whose answer it hides, by number from 1; 0: an answer asked once per entry. */
  work_position: Generated<number>;
  field_id: string;
  jury_text: string;
  redacted_at: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface JuryTables {
  juror_invitations: JurorInvitationsTable;
  jury_setups: JurySetupsTable;
  jury_criteria: JuryCriteriaTable;
  jury_panel: JuryPanelTable;
  jury_conflicts: JuryConflictsTable;
  jury_rounds: JuryRoundsTable;
  jury_round_entries: JuryRoundEntriesTable;
  jury_assignments: JuryAssignmentsTable;
  jury_scores: JuryScoresTable;
  jury_redactions: JuryRedactionsTable;
}

/** What the feature's repositories may query: the tables it owns and the ones it reads. */
export type JuryDb = FeatureDb<
  | keyof JuryTables
  | 'categories'
  | 'competitions'
  | 'submissions'
  | 'entry_works'
  | 'admin_users'
  | 'jury_ballots'
>;
