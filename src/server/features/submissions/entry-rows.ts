import {
  type PaymentState,
  paymentStateOf,
  type ReviewStatus,
  type SubmissionStatus,
  submissionStatusOf,
} from '../../../shared/domain/entry-state.ts';

/** The columns an entry's payment state is made of: what paymentStateOfRow reads. */
export const PAYMENT_STATE_COLUMNS = [
  'entry_type',
  'entry_fee',
  'payment_status',
  'refunded_at',
] as const;

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
