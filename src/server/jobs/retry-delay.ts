/*
 * How long background work waits before trying again after a failed attempt (the outbox's
 * e-mails, the picture jobs): twice the last wait each time, and a little jitter so several
 * servers do not retry in step.
 */

const RETRY_FIRST_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;
const RETRY_JITTER = 0.1;

/** The wait after the `attempts`-th failed attempt: 1 minute, 2, 4, ... at most an hour, +0-10%. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
  return Math.round(base * (1 + RETRY_JITTER * random()));
}
