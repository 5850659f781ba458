/*
 * The one retry policy of background work: after each failed (or empty) attempt, wait twice the
 * last wait, up to a ceiling, with a little jitter where several servers could retry in step.
 * The e-mail outbox and the picture jobs use it as it stands; payment reconciliation with its own
 * first wait and ceiling (reconcile-schedule.ts).
 */

export interface Backoff {
  /** The wait after the first attempt. */
  firstMs: number;
  /** No wait is longer. */
  maxMs: number;
  /** Up to this share more, at random (0: none). */
  jitter: number;
}

/** The outbox's and the picture jobs' waits: 1 minute, 2, 4, ... at most an hour, +0-10%. */
export const RETRY_BACKOFF: Backoff = { firstMs: 60_000, maxMs: 60 * 60_000, jitter: 0.1 };

/** The wait after the `attempts`-th failed attempt under `backoff`. */
export function backoffMs(
  attempts: number,
  backoff: Backoff,
  random: () => number = Math.random,
): number {
  const base = Math.min(backoff.firstMs * 2 ** Math.max(0, attempts - 1), backoff.maxMs);
  return backoff.jitter === 0 ? base : Math.round(base * (1 + backoff.jitter * random()));
}

/** The wait after the `attempts`-th failed attempt: 1 minute, 2, 4, ... at most an hour, +0-10%. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  return backoffMs(attempts, RETRY_BACKOFF, random);
}

/** When a row that failed its `attempts`-th attempt at `now` is due again (an ISO string). */
export function retryAt(now: Date, attempts: number): string {
  return new Date(now.getTime() + retryDelayMs(attempts)).toISOString();
}
