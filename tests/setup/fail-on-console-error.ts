import { afterAll, afterEach, vi } from 'vitest';

/*
 * Test files share one module graph per worker (vitest's `isolate: false`, for speed), so this
 * file runs again before each of them: console.error is wrapped once, and what one file changes
 * in the environment (fake timers, mocks, stubs) is put back before the next.
 */
const WRAPPED = Symbol.for('white-stroke.console-error-wrapped');
interface ErrorLog {
  errors: unknown[][];
}
const wrapped = (console as unknown as Record<symbol, ErrorLog | undefined>)[WRAPPED];
const log: ErrorLog = wrapped ?? { errors: [] };
if (!wrapped) {
  const original = console.error;
  console.error = (...args: unknown[]) => {
    log.errors.push(args);
    original(...args);
  };
  (console as unknown as Record<symbol, ErrorLog>)[WRAPPED] = log;
}
log.errors = [];

/** A stray console.error is a bug the test did not expect: fail the test that caused it. */
afterEach(() => {
  const seen = log.errors;
  log.errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0) {
    throw new Error(`console.error was called ${seen.length} time(s): ${String(seen[0]?.[0])}`);
  }
});

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
