import type { FeatureDb } from '../../db/feature-db.ts';

/* The review feature's tables: only its repositories write them (docs/architecture.md). */

/** One message the admin sent to the entries of a view; the messages are outbox rows. */
export interface GroupMessagesTable {
  id: string;
  /** Made by the admin's dialog when it opened: the same request is sent once. */
  request_id: string;
  subject: string;
  body: string;
  /** JSON: the review's filters the entries were chosen by. */
  filters: string;
  recipient_count: number;
  admin_user_id: string | null;
  actor: string;
  created_at: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface ReviewTables {
  group_messages: GroupMessagesTable;
}

/** What the feature's repositories may query: the table it owns and the tables it reads. */
export type ReviewDb = FeatureDb<
  | keyof ReviewTables
  | 'categories'
  | 'subcategories'
  | 'competitions'
  | 'submissions'
  | 'entry_works'
>;
