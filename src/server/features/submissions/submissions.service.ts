import { type PaymentState, paymentStateOf } from '../../../shared/domain/entry-state.ts';
import type { Deps } from '../../deps.ts';
import { entryLinkOf } from './entry-tokens.ts';

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
export { entryLinkOf };

/** The address of the entry's page that an e-mail carries, with a token signed now. */
export async function issueEntryLink(
  deps: Pick<Deps, 'config' | 'entryTokens'>,
  submissionId: string,
): Promise<string> {
  const token = await deps.entryTokens.issue(submissionId);
  return entryLinkOf(deps.config.publicUrl, token);
}

/** An entry's payment state from its stored row: the fee, the payment's status and any refund. */
export function paymentStateOfRow(row: {
  entry_fee: number;
  payment_status: 'pending' | 'paid';
  refunded_at: string | null;
}): PaymentState {
  return paymentStateOf({
    entryFee: row.entry_fee,
    paymentStatus: row.payment_status,
    refunded: row.refunded_at !== null,
  });
}
