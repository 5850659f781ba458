/**
 * The server's idea of "now". Services and jobs ask the clock instead of calling `new Date()`, so a
 * test moves time forward (a sign-in code's step, an order's reconciliation wait) instead of
 * sleeping until it passes.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets and moves by hand. */
export interface ManualClock extends Clock {
  set(instant: Date | string): void;
  advance(ms: number): void;
}
