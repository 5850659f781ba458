import {
  type PaymentState,
  paymentStateOf,
  type ReviewStatus,
  type SubmissionStatus,
  submissionStatusOf,
} from '../../../shared/domain/entry-state.ts';
import type { Kysely } from 'kysely';
import { entryReferenceOf, referenceSeriesOf } from '../../../shared/domain/entry-reference.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { entryLinkOf } from './entry-tokens.ts';
import { nextReferenceValue } from './submissions.repository.ts';

/*
 * What other features use of a submission: its stored answers decoded (stored-entry.ts), the text
 * it is searched by (search-text.ts) and the signed link to its entry page.
 */

export {
  decodeEntry,
  decodeFieldValues,
  type EntryLog,
  imagesOf,
  type StoredEntry,
  type StoredFieldValues,
  type StoredImage,
  storedKeysOf,
  submissionFolderOf,
} from './stored-entry.ts';
export { LIKE_ESCAPE, searchPattern, searchTextOf } from './search-text.ts';
export { publicationOf } from './publication.ts';
export {
  notWithdrawn,
  paymentStateIs,
  receivedForReview,
  reviewStatusIn,
  submissionStatusIs,
} from './entry-state.repository.ts';
export {
  deleteEntryRow,
  markEntryPaid,
  markEntryRefunded,
  restoreEntryStatus,
  setEntriesStatus,
} from './entry-writes.repository.ts';
export { entryLinkOf };

/**
 * The next reference of an entry made on `day` ('WS-2026-000123'), taken inside the caller's
 * transaction: registration's, and the demo's entries, from one counter.
 */
export async function takeEntryReference(trx: Kysely<DB>, day: string): Promise<string> {
  const series = referenceSeriesOf(day);
  return entryReferenceOf(series, await nextReferenceValue(trx, series));
}

/** The address of the entry's page that an e-mail carries, with a token signed now. */
export async function issueEntryLink(
  deps: Pick<Deps, 'config' | 'entryTokens'>,
  submissionId: string,
): Promise<string> {
  const token = await deps.entryTokens.issue(submissionId);
  return entryLinkOf(deps.config.publicUrl, token);
}

/**
 * An entry's payment state from its stored row: the fee, the payment's status and any refund. The
 * one rule of free, paid and received (queries use paymentStateIs, the same rule in SQL).
 */
export function paymentStateOfRow(row: {
  entry_type: 'free' | 'paid';
  entry_fee: number;
  payment_status: 'pending' | 'paid';
  refunded_at: string | null;
}): PaymentState {
  return paymentStateOf({
    entryType: row.entry_type,
    entryFee: row.entry_fee,
    paymentStatus: row.payment_status,
    refunded: row.refunded_at !== null,
  });
}

/** An entry's status from its stored row: withdrawn, or the review's status. */
export function submissionStatusOfRow(row: {
  status: ReviewStatus;
  withdrawn_at: string | null;
}): SubmissionStatus {
  return submissionStatusOf({ status: row.status, withdrawnAt: row.withdrawn_at });
}
