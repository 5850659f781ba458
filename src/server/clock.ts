/**
 * The server's idea of "now". Services and jobs ask the clock instead of calling `new Date()`, so a
 * test moves time forward (a sign-in code's step, an order's reconciliation wait) instead of
 * sleeping until it passes.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets and moves by hand; it starts at `start` and stands still between moves. */
export interface ManualClock extends Clock {
  set(instant: Date | string): void;
  advance(ms: number): void;
}

export function createManualClock(start: Date | string = new Date()): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set(instant) {
      current = new Date(instant).getTime();
    },
    advance(ms) {
      current += ms;
    },
  };
}
