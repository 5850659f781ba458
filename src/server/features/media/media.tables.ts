import type { FeatureDb } from '../../db/feature-db.ts';
import type { Generated } from 'kysely';

/* The media feature's tables: only its repositories write them (docs/architecture.md). */

export interface MediaTable {
  url: string;
  width: number;
  height: number;
  variants: string;
  created_at: string;
}

export interface UnclaimedFilesTable {
  key: string;
  created_at: string;
}

export type ImageJobStatus = 'pending' | 'working' | 'failed';

/** A picture of a submission whose stored copies are not made yet (see media/image-jobs.ts). */
export interface ImageJobsTable {
  key: string;
  submission_id: string;
  kind: 'photo' | 'artwork';
  status: ImageJobStatus;
  attempts: Generated<number>;
  run_after: string;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface MediaTables {
  media: MediaTable;
  unclaimed_files: UnclaimedFilesTable;
  image_jobs: ImageJobsTable;
}

/** What the feature's repositories may query: the tables it owns and the ones it reads. */
export type MediaDb = FeatureDb<keyof MediaTables | 'submissions'>;
