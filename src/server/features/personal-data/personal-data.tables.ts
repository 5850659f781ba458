import type { FeatureDb } from '../../db/feature-db.ts';

/* The personal-data feature's tables: only its repositories write them (docs/architecture.md). */

/** An artist's request to be erased; the admin completes it. */
export interface ErasureRequestsTable {
  id: string;
  /** The address asked for, lower-case; '' once completed, so the record keeps nobody's. */
  email: string;
  /** The address while the request waits (unique), null once completed. */
  pending_key: string | null;
  requested_at: string;
  /** 30 days after the request: the DPDP Rules' and the GDPR's month. */
  due_at: string;
  completed_at: string | null;
  /** The admin who completed it. */
  completed_by: string | null;
  /** How many entries were erased. */
  entries: number | null;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface PersonalDataTables {
  erasure_requests: ErasureRequestsTable;
}

/** What the feature's repositories may query: the tables it owns. */
export type PersonalDataDb = FeatureDb<keyof PersonalDataTables>;
