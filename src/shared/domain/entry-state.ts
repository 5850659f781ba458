/*
 * Seed §4: what an entry's review and payment states are called, on the admin screens and the
 * artist's entry page alike.
 */

/** The review's statuses, as stored and as an admin's decisions set them. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * An entry's status as people see it: the review's, or withdrawn when its artist replaced an
 * unpaid entry by another (never reviewed, never told of a decision).
 */
export const SUBMISSION_STATUSES = [...REVIEW_STATUSES, 'withdrawn'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: 'Pending Review',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** A withdrawn entry is withdrawn, whatever its stored review status. */
export function submissionStatusOf(entry: {
  status: ReviewStatus;
  withdrawnAt: string | null;
}): SubmissionStatus {
  return entry.withdrawnAt !== null ? 'withdrawn' : entry.status;
}

/** An entry's payment, as people see it: refunded is ours, the others the seed's. */
export const PAYMENT_STATES = ['free', 'received', 'pending', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  free: 'Free Entry',
  received: 'Payment Received',
  pending: 'Payment Pending',
  refunded: 'Refunded',
};

/** A paid competition's smallest fee, in rupees: paid means a fee. */
export const PAID_ENTRY_FEE_MIN = 1;

/**
 * The one rule of free and paid: a competition, or an entry registered to it, charges a fee when
 * it is paid and its fee is at least ₹1; anything else is free, whatever else is stored (a paid
 * competition saved with a fee of 0 by an earlier release, a free entry with a fee left on it).
 * paymentStateOf builds on it, and the submissions feature spells the same rule in SQL.
 */
export function chargesFee(terms: { entryType: 'free' | 'paid'; entryFee: number }): boolean {
  return terms.entryType === 'paid' && terms.entryFee >= PAID_ENTRY_FEE_MIN;
}

/** Seed §4: an entry that charges no fee is free, whatever else is stored; a refund outranks the rest. */
export function paymentStateOf(entry: {
  entryType: 'free' | 'paid';
  entryFee: number;
  paymentStatus: 'pending' | 'paid';
  refunded: boolean;
}): PaymentState {
  if (!chargesFee(entry)) return 'free';
  if (entry.refunded) return 'refunded';
  return entry.paymentStatus === 'paid' ? 'received' : 'pending';
}
