import { describe, expect, it, vi } from 'vitest';
import { createClaimedWork } from './claimed-work.ts';
import { backoffMs, RETRY_BACKOFF } from './retry-delay.ts';

const T0 = new Date('2026-01-01T00:00:00.000Z');

/** Rows in memory, claimed as the repositories' conditional updates claim them. */
function table(count: number) {
  const rows = new Map(Array.from({ length: count }, (_, i) => [i, { due: true, done: false }]));
  return {
    rows,
    findDue: async (_now: string, limit: number) =>
      [...rows]
        .filter(([, row]) => row.due)
        .map(([key]) => key)
        .slice(0, limit),
    claim: async (key: number) => {
      const row = rows.get(key);
      if (!row?.due) return undefined;
      row.due = false;
      return key;
    },
  };
}

function work(rows: ReturnType<typeof table>, options: { untilDone?: boolean } = {}) {
  const done: number[] = [];
  const job = createClaimedWork({
    name: 'test work',
    clock: { now: () => T0 },
    log: { error: vi.fn() },
    background: false,
    pollIntervalMs: 1000,
    claimMs: 60_000,
    batchSize: 3,
    ...options,
    findDue: rows.findDue,
    claim: rows.claim,
    work: async (key, claim) => {
      expect(claim.claimedUntil).toBe('2026-01-01T00:01:00.000Z');
      done.push(key);
    },
  });
  return { job, done };
}

describe('claimed work', () => {
  it('goes on batch after batch until nothing is due, each row once', async () => {
    const rows = table(7);
    const { job, done } = work(rows);
    expect(await job.runOnce()).toBe(7);
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await job.runOnce()).toBe(0);
  });

  it('takes one batch a round when asked to', async () => {
    const { job, done } = work(table(7), { untilDone: false });
    expect(await job.runOnce()).toBe(3);
    expect(done).toEqual([0, 1, 2]);
  });

  it('skips a row another worker claimed first, and two workers share the rows', async () => {
    const rows = table(10);
    const [a, b] = [work(rows), work(rows)];
    const counts = await Promise.all([a.job.runOnce(), b.job.runOnce()]);
    expect(counts[0] + counts[1]).toBe(10);
    expect([...a.done, ...b.done].sort((x, y) => x - y)).toEqual([...Array(10).keys()]);
  });

  it('claims nothing once stopped', async () => {
    const { job, done } = work(table(2));
    await job.stop();
    expect(await job.runOnce()).toBe(0);
    expect(done).toEqual([]);
  });
});

describe('the retry policy', () => {
  it('doubles each wait up to its ceiling, with jitter only when asked', () => {
    const none = () => 0;
    expect([1, 2, 3].map((n) => backoffMs(n, RETRY_BACKOFF, none))).toEqual([
      60_000, 120_000, 240_000,
    ]);
    const reconcile = { firstMs: 15, maxMs: 100, jitter: 0 };
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, reconcile, () => 1))).toEqual([
      15, 30, 60, 100, 100,
    ]);
  });
});
