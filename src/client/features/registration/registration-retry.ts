/*
 * A dropped connection or a busy server (503 with Retry-After) is retried by
 * itself, with backoff and the same idempotency key, so the artist on a weak connection need not
 * press anything, and the server never makes two entries of one.
 */

/** One attempt to register: its idempotency key and what it sends (the JSON part, the pictures). */
export interface RegistrationAttempt {
  key: string;
  data: string;
  files: readonly Blob[];
}

/**
 * The attempt for what is about to be sent: the previous one, with its key, while nothing sent has
 * changed (a retry, or Submit pressed again after giving up), so the server answers with the entry
 * it may already have made; a new key once an answer or a picture changed.
 */
export function attemptFor(
  previous: RegistrationAttempt | null,
  data: string,
  files: readonly Blob[],
  newKey: () => string = () => crypto.randomUUID(),
): RegistrationAttempt {
  const same =
    previous !== null &&
    previous.data === data &&
    previous.files.length === files.length &&
    previous.files.every((file, i) => file === files[i]);
  return same ? previous : { key: newKey(), data, files };
}

/** The waits before the first, second, … retry; after the last, the form gives up. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16_000] as const;
/** A server asking for a longer wait than this is not waited for: the artist is told instead. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** What a failed attempt tells the policy: its status (0: no answer) and the server's Retry-After. */
export interface FailedAttempt {
  status: number;
  retryAfterMs?: number | undefined;
}

/** No answer, a gateway between us and the server, or the server's own "busy": worth a retry. */
export function isTransient(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

/** How long to wait before retry number `retry` (0 for the first); null: give up now. */
export function retryDelayMs(retry: number, failure: FailedAttempt): number | null {
  if (!isTransient(failure.status)) return null;
  const backoff = RETRY_DELAYS_MS[retry];
  if (backoff === undefined) return null;
  const asked = failure.retryAfterMs ?? 0;
  if (asked > MAX_RETRY_AFTER_MS) return null;
  return Math.max(backoff, asked);
}

/**
 * Waits `ms`, or less when the browser says it is back online (the retry then goes at once).
 * Rejects with an AbortError when `signal` aborts.
 */
export function waitBeforeRetry(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', stop);
    };
    const done = () => {
      cleanUp();
      resolve();
    };
    const stop = () => {
      cleanUp();
      reject(new DOMException('The registration was not sent.', 'AbortError'));
    };
    const timer = window.setTimeout(done, ms);
    window.addEventListener('online', done);
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, or fails in a way the policy does not retry, or the retries
 * run out (the last failure is thrown). `onRetry` hears each failure that will be retried, with
 * the wait before it.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  {
    onRetry,
    wait = waitBeforeRetry,
    signal,
  }: {
    onRetry?: (failure: unknown, delayMs: number) => void;
    wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
    signal?: AbortSignal;
  } = {},
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (failure) {
      const delay = isFailedAttempt(failure) ? retryDelayMs(retry, failure) : null;
      if (delay === null) throw failure;
      onRetry?.(failure, delay);
      await wait(delay, signal);
    }
  }
}

function isFailedAttempt(value: unknown): value is FailedAttempt {
  return typeof (value as { status?: unknown } | null)?.status === 'number';
}
