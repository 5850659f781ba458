import { type Backoff, backoffMs } from '../../jobs/retry-delay.ts';

/*
 * When the reconciliation job asks the provider about an order still waiting for its payment:
 * first 15 minutes after the order, then after each empty answer twice as long as the last wait
 * (at most 4 hours), and never once the order is a day old (Razorpay's webhook may still settle
 * it).
 */

/** How long after an order the reconciliation job first asks the provider about it. */
export const RECONCILE_AFTER_MS = 15 * 60 * 1000;
export const RECONCILE_GIVE_UP_MS = 24 * 60 * 60 * 1000;
/** The wait after each check: 15 min, 30 min, 1 h, ... at most 4 h (the first check is the 2nd). */
const RECONCILE_BACKOFF: Backoff = {
  firstMs: RECONCILE_AFTER_MS,
  maxMs: 4 * 60 * 60 * 1000,
  jitter: 0,
};

/** The next check of an order made at `createdAt` and checked `checks` times; null: never. */
export function nextCheckAfter(createdAt: string, checks: number, now: Date): string | null {
  const next = now.getTime() + backoffMs(checks + 2, RECONCILE_BACKOFF);
  return next > new Date(createdAt).getTime() + RECONCILE_GIVE_UP_MS
    ? null
    : new Date(next).toISOString();
}
