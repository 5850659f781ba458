import type { Generated } from 'kysely';
import type { FeatureDb } from '../../db/feature-db.ts';

/* The artists feature's tables: only its repositories write them (docs/architecture.md). */

/** An artist: an e-mail address that signed in at least once (lower-case, one row each). */
export interface ArtistsTable {
  id: string;
  email: string;
  created_at: string;
}

/** An artist's signed-in browser: the sha256 hash of its cookie's token, as auth's sessions. */
export interface ArtistSessionsTable {
  id: string;
  artist_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
}

/** One sign-in e-mail: its 6-digit code's and its link's token's hashes, used once. */
export interface ArtistSignInCodesTable {
  id: string;
  /** The address it was sent to, lower-case (no artist row exists before the first sign-in). */
  email: string;
  code_hash: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  attempts: Generated<number>;
  used_at: string | null;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface ArtistsTables {
  artists: ArtistsTable;
  artist_sessions: ArtistSessionsTable;
  artist_sign_in_codes: ArtistSignInCodesTable;
}

/** What the feature's repositories may query: its tables, and the entries' addresses. */
export type ArtistsDb = FeatureDb<keyof ArtistsTables | 'submissions'>;
