import type { FeatureDb } from '../../db/feature-db.ts';
/* The audit feature's tables: only its repositories write them (docs/architecture.md). */

export interface AuditLogTable {
  id: string;
  admin_user_id: string | null;
  actor: string;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  details: string | null;
  created_at: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface AuditTables {
  audit_log: AuditLogTable;
}

/** What the feature's repositories may query: the tables it owns. */
export type AuditDb = FeatureDb<keyof AuditTables>;
