import type { FeatureDb } from '../../db/feature-db.ts';

/* The reminders feature's tables: only its repositories write them (docs/architecture.md). */

/** A reminder sent: one per kind and subject (an entry, or a juror in a round), never two. */
export interface RemindersSentTable {
  kind: string;
  /** The entry's id, or `<round id>:<juror id>`. */
  subject_id: string;
  sent_at: string;
}

/** An address that asked for no more reminders (receipts and results still go to it). */
export interface ReminderUnsubscribesTable {
  /** Lower-cased. */
  email: string;
  created_at: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface RemindersTables {
  reminders_sent: RemindersSentTable;
  reminder_unsubscribes: ReminderUnsubscribesTable;
}

/** What the feature's repositories may query: the tables it owns and the ones it reads. */
export type RemindersDb = FeatureDb<
  | keyof RemindersTables
  | 'submissions'
  | 'competitions'
  | 'payments'
  | 'jury_rounds'
  | 'jury_assignments'
  | 'admin_users'
>;
