import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attemptFor,
  MAX_RETRY_AFTER_MS,
  RETRY_DELAYS_MS,
  retryDelayMs,
  waitBeforeRetry,
  withRetries,
} from './registration-retry.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('retryDelayMs', () => {
  it('backs off 1, 2, 4, 8 and 16 seconds after a lost connection, then gives up', () => {
    const delays = [0, 1, 2, 3, 4, 5].map((retry) => retryDelayMs(retry, { status: 0 }));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, null]);
    expect(RETRY_DELAYS_MS).toHaveLength(5);
  });

  it("waits at least as long as a busy server's Retry-After", () => {
    expect(retryDelayMs(0, { status: 503, retryAfterMs: 5000 })).toBe(5000);
    expect(retryDelayMs(3, { status: 503, retryAfterMs: 5000 })).toBe(8000);
    expect(retryDelayMs(0, { status: 503, retryAfterMs: MAX_RETRY_AFTER_MS + 1 })).toBeNull();
  });

  it('retries gateways failing on the way, never an answer about the entry itself', () => {
    expect(retryDelayMs(0, { status: 502 })).toBe(1000);
    expect(retryDelayMs(0, { status: 504 })).toBe(1000);
    for (const status of [400, 404, 409, 413, 415, 422, 429, 500]) {
      expect(retryDelayMs(0, { status, retryAfterMs: 1000 })).toBeNull();
    }
  });
});

describe('withRetries', () => {
  const lost = { status: 0 };

  it('tries again after each transient failure until it succeeds', async () => {
    const attempt = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(lost)
      .mockRejectedValueOnce({ status: 503, retryAfterMs: 3000 })
      .mockResolvedValue('receipt');
    const waits: number[] = [];
    const heard: unknown[] = [];
    const result = await withRetries(attempt, {
      wait: async (ms) => void waits.push(ms),
      onRetry: (failure) => heard.push(failure),
    });
    expect(result).toBe('receipt');
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1000, 3000]);
    expect(heard).toEqual([lost, { status: 503, retryAfterMs: 3000 }]);
  });

  it('gives up with the last failure after five retries', async () => {
    const attempt = vi.fn<() => Promise<string>>().mockRejectedValue(lost);
    const waits: number[] = [];
    await expect(withRetries(attempt, { wait: async (ms) => void waits.push(ms) })).rejects.toBe(
      lost,
    );
    expect(attempt).toHaveBeenCalledTimes(6);
    expect(waits).toEqual([...RETRY_DELAYS_MS]);
  });

  it('stops at once on a refusal', async () => {
    const refused = { status: 409 };
    const attempt = vi.fn<() => Promise<string>>().mockRejectedValue(refused);
    await expect(withRetries(attempt, { wait: async () => {} })).rejects.toBe(refused);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});

describe('waitBeforeRetry', () => {
  it('waits its time', async () => {
    vi.useFakeTimers();
    let done = false;
    const waiting = waitBeforeRetry(2000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });

  it('ends early when the browser is back online', async () => {
    vi.useFakeTimers();
    const waiting = waitBeforeRetry(16_000);
    window.dispatchEvent(new Event('online'));
    await expect(waiting).resolves.toBeUndefined();
  });

  it('rejects with an AbortError when the send is abandoned', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const waiting = waitBeforeRetry(16_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('attemptFor', () => {
  const photo = new Blob(['photo']);
  const artwork = new Blob(['artwork']);

  it('keeps the key while the same answers and pictures are sent again', () => {
    const first = attemptFor(null, '{"fullName":"Meera"}', [photo, artwork]);
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(attemptFor(first, '{"fullName":"Meera"}', [photo, artwork])).toBe(first);
  });

  it('takes a new key once an answer or a picture changed', () => {
    const first = attemptFor(null, '{"fullName":"Meera"}', [photo, artwork]);
    const keys = [
      attemptFor(first, '{"fullName":"Meera Iyer"}', [photo, artwork]).key,
      attemptFor(first, '{"fullName":"Meera"}', [photo, new Blob(['artwork'])]).key,
      attemptFor(first, '{"fullName":"Meera"}', [photo]).key,
    ];
    expect(new Set([first.key, ...keys]).size).toBe(4);
  });
});
