import type { Generated } from 'kysely';
import type { FeatureDb } from '../../db/feature-db.ts';

/* The votes feature's tables: only its repositories write them (docs/architecture.md). */

/** One e-mailed code that confirms an address for voting: its sha256 hash, used once. */
export interface VoteCodesTable {
  id: string;
  /** The address it was sent to, lower-case. */
  email: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: Generated<number>;
  used_at: string | null;
}

/** A browser whose address was confirmed: the sha256 hash of its cookie's token. */
export interface VoterSessionsTable {
  token_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
}

/** One vote for a work of a competition's exhibition. */
export interface VotesTable {
  id: string;
  competition_id: string;
  work_id: string;
  submission_id: string;
  /**
   * Who votes: a keyed hash of the address with case and any +tag taken off, in this competition
   * (one person, one set of votes, even once the address is removed; voter-identity.ts).
   */
  voter: string;
  /** The confirmed address as typed, lower-case; a label without '@' once removed. */
  email: string;
  /** The address's domain; once the address is removed, a tag unless a shared provider. */
  domain: string;
  /** A short hash of the client address: enough to group votes, not to show the address. */
  address_tag: string;
  /** Which of the voter's votes this is, 1 to the exhibition's votes per visitor. */
  slot: number;
  cast_at: string;
  voided_at: string | null;
  void_reason: string | null;
  voided_by: string | null;
}

/** The tables this feature owns, as db/schema.ts composes them into DB. */
export interface VotesTables {
  vote_codes: VoteCodesTable;
  voter_sessions: VoterSessionsTable;
  votes: VotesTable;
}

/** What the feature's repositories may query: its own tables (the exhibition through its front door). */
export type VotesDb = FeatureDb<keyof VotesTables>;
