/*
 * Seed §4: what an entry's review and payment states are called, on the admin screens and the
 * artist's entry page alike.
 */

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: 'Pending Review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** An entry's payment, as people see it: refunded is ours, the others the seed's. */
export const PAYMENT_STATES = ['free', 'received', 'pending', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  free: 'Free Entry',
  received: 'Payment Received',
  pending: 'Payment Pending',
  refunded: 'Refunded',
};

/** Seed §4: a fee of 0 is a free entry, whatever else is stored; a refund outranks the rest. */
export function paymentStateOf(entry: {
  entryFee: number;
  paymentStatus: 'pending' | 'paid';
  refunded: boolean;
}): PaymentState {
  if (entry.entryFee === 0) return 'free';
  if (entry.refunded) return 'refunded';
  return entry.paymentStatus === 'paid' ? 'received' : 'pending';
}
