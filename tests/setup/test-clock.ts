import type { ManualClock } from '../../src/server/clock.ts';

/**
 * A clock that runs with real time from wherever a test last set or moved it. Tests that need a
 * moment (a fresh TOTP step) move it there instead of sleeping; unlike a clock that stands still,
 * rows written one after another still get increasing times, which the audit log's order needs.
 */
export function createRunningClock(): ManualClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set(instant) {
      offsetMs = new Date(instant).getTime() - Date.now();
    },
    advance(ms) {
      offsetMs += ms;
    },
  };
}
