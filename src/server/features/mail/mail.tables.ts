import type { FeatureDb } from '../../db/feature-db.ts';
import type { Generated } from 'kysely';

/* The mail feature's tables: only its repositories write them (docs/architecture.md). */

export type EmailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'not_sent';

export interface EmailOutboxTable {
  id: string;
  kind: string;
  submission_id: string | null;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string;
  status: Generated<EmailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  send_after: string;
  claimed_until: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  /** A decision's e-mail: the entry's status before the decisions it tells of (see mail/outbox). */
  decision_from: 'pending' | 'approved' | 'rejected' | null;
  /** JSON { kind, id }: a file its sender renders and attaches (outbox-attachments.ts). */
  attachment: string | null;
  /** JSON { name: value }: extra headers sent with it (a reminder's List-Unsubscribe). */
  headers: string | null;
}

/** An admin's wording of an artist's message; none while the default is used. */
export interface EmailTemplatesTable {
  kind: string;
  subject: string;
  body: string;
  updated_at: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface MailTables {
  email_outbox: EmailOutboxTable;
  email_templates: EmailTemplatesTable;
}

/** What the feature's repositories may query: the tables it owns. */
export type MailDb = FeatureDb<keyof MailTables>;
