import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicJob, runWhileAppRuns } from './periodic-job.ts';

const silentLog = () => ({ error: vi.fn() });

/** A round the test ends by hand. */
function heldRounds() {
  const ends: (() => void)[] = [];
  let count = 0;
  return {
    get count() {
      return count;
    },
    round: () =>
      new Promise<void>((resolve) => {
        count++;
        ends.push(resolve);
      }),
    endOne() {
      ends.shift()?.();
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a periodic job', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a round every interval, and once at start when asked', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const round = vi.fn(async () => {});
    const job = createPeriodicJob({
      name: 'counting',
      intervalMs: 1000,
      runAtStart: true,
      round,
      log: silentLog(),
    });
    job.start();
    await settle();
    expect(round).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    await settle();
    expect(round).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await settle();
    expect(round).toHaveBeenCalledTimes(2);
    await job.stop();
    vi.advanceTimersByTime(5000);
    await settle();
    expect(round).toHaveBeenCalledTimes(2);
  });

  it('does not run at start unless asked', async () => {
    const round = vi.fn(async () => {});
    const job = createPeriodicJob({ name: 'quiet', intervalMs: 60_000, round, log: silentLog() });
    job.start();
    await settle();
    expect(round).not.toHaveBeenCalled();
    await job.stop();
  });

  it('never runs two rounds at once; a wake during a round makes one more after it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const rounds = heldRounds();
    const job = createPeriodicJob({
      name: 'held',
      intervalMs: 1000,
      runAtStart: true,
      round: rounds.round,
      log: silentLog(),
    });
    job.start();
    await settle();
    expect(rounds.count).toBe(1);
    // Ticks and wakes while the first round runs.
    vi.advanceTimersByTime(3000);
    job.wake();
    job.wake();
    await settle();
    expect(rounds.count).toBe(1);
    rounds.endOne();
    await settle();
    expect(rounds.count).toBe(2);
    rounds.endOne();
    await settle();
    expect(rounds.count).toBe(2);
    await job.stop();
  });

  it('waits for the round under way when stopped', async () => {
    const rounds = heldRounds();
    const job = createPeriodicJob({
      name: 'held',
      intervalMs: 60_000,
      runAtStart: true,
      round: rounds.round,
      log: silentLog(),
    });
    job.start();
    await settle();
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    rounds.endOne();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('logs a failed round and goes on with the next', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const log = silentLog();
    const failure = new Error('storage unreachable');
    const round = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    const job = createPeriodicJob({
      name: 'sweeping',
      intervalMs: 1000,
      runAtStart: true,
      round,
      log,
    });
    job.start();
    await settle();
    expect(log.error).toHaveBeenCalledWith({ err: failure }, 'sweeping failed');
    vi.advanceTimersByTime(1000);
    await settle();
    expect(round).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledTimes(1);
    await job.stop();
  });

  it('ignores a wake before start and after stop', async () => {
    const round = vi.fn(async () => {});
    const job = createPeriodicJob({ name: 'idle', intervalMs: 60_000, round, log: silentLog() });
    job.wake();
    job.start();
    await job.stop();
    job.wake();
    await settle();
    expect(round).not.toHaveBeenCalled();
  });

  it('runs while the app runs: started when ready, stopped before it closes', async () => {
    const hooks = new Map<string, () => Promise<unknown>>();
    const app = {
      addHook: (name: string, hook: () => Promise<unknown>) => hooks.set(name, hook),
    };
    const job = { start: vi.fn(), wake: vi.fn(), stop: vi.fn(async () => {}) };
    runWhileAppRuns(app as never, job);
    expect(job.start).not.toHaveBeenCalled();
    await hooks.get('onReady')?.();
    expect(job.start).toHaveBeenCalledTimes(1);
    await hooks.get('preClose')?.();
    expect(job.stop).toHaveBeenCalledTimes(1);
  });
});
