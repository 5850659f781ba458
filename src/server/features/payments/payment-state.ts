import type { PaymentStatus } from '../../db/schema.ts';

/*
 * One state machine for a payment attempt, whatever told us about it: the browser after the
 * checkout, a webhook, the reconciliation job or a refund. Facts may arrive in any order and
 * more than once; a payment only moves forward:
 *
 *   created → failed → authorized → captured → refunded
 *
 * A failed attempt may still be authorized or captured later (the bank answered late); a
 * captured payment never goes back except through a refund.
 */

const RANK: Record<PaymentStatus, number> = {
  created: 0,
  failed: 1,
  authorized: 2,
  captured: 3,
  refunded: 4,
};

/** The status after learning `next` about a payment that was `current` (undefined: unknown). */
export function advancePayment(
  current: PaymentStatus | undefined,
  next: PaymentStatus,
): PaymentStatus {
  if (current === undefined) return next;
  return RANK[next] > RANK[current] ? next : current;
}

/** Whether the money of a payment in this status was taken (captured, and maybe refunded since). */
export function wasCaptured(status: PaymentStatus): boolean {
  return RANK[status] >= RANK.captured;
}

/** Razorpay's payment states, as they name them, mapped onto ours; anything else is unknown. */
export function paymentStatusOf(providerStatus: string): PaymentStatus | undefined {
  return Object.hasOwn(RANK, providerStatus) ? (providerStatus as PaymentStatus) : undefined;
}
