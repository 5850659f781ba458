import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import { createPeriodicJob } from './periodic-job.ts';

/*
 * Work kept as rows of a table and done by whichever server claims a row first (the e-mail
 * outbox, the picture jobs, payment reconciliation), written once. A round looks for due rows a
 * batch at a time and claims each with one conditional update before doing it, so two servers
 * never do one row twice; a claim runs out after a while, so a server that died mid-row leaves it
 * to the next. The SQL of finding and claiming stays in each feature's repository; this owns the
 * loop, the batches, the rounds (one at a time, every interval or at once on wake) and stopping.
 */

/** What a row's work is told of its claim. */
export interface Claim {
  /** When the claim runs out: the row's work records its outcome only while it still holds. */
  claimedUntil: string;
  /** The time of the claim. */
  now: Date;
  /** The round's time now (the clock, or the time runOnce was given). */
  clock(): Date;
}

export interface ClaimedWorkOptions<Key, Row> {
  /** What the work is, for the log: "<name> failed". */
  name: string;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** false: no rounds of its own (wake() does nothing): runOnce only, for tests. */
  background?: boolean;
  /** How often it looks for due rows when nothing wakes it. */
  pollIntervalMs: number;
  /** A round at start (what was left due before the start goes now). Default true. */
  runAtStart?: boolean;
  /** How long a claim holds: well over one row's work, so a live server never loses one. */
  claimMs: number;
  /** Rows looked at per query. */
  batchSize?: number;
  /** false: one batch a round; otherwise a round goes on until nothing it can claim is due. */
  untilDone?: boolean;
  /** The keys of up to `limit` rows due at `now`, oldest first (a repository query). */
  findDue(now: string, limit: number): Promise<readonly Key[]>;
  /** Takes one due row until `claimedUntil` by a conditional update; undefined if another did. */
  claim(key: Key, now: string, claimedUntil: string): Promise<Row | undefined>;
  /** The row's work. A rejection ends the round (and is logged by a round of its own). */
  work(row: Row, claim: Claim): Promise<void>;
  /** Before a round looks for rows: a count ends the round with it (nothing is claimed). */
  beforeRound?(now: Date): Promise<number | undefined>;
  /** Once a round, before its first claim, only when something is due. */
  beforeFirstClaim?(): Promise<void>;
}

export interface ClaimedWork {
  /** Starts the rounds (once; later calls do nothing). */
  start(): void;
  /** A round as soon as possible, without waiting for the interval. */
  wake(): void;
  /**
   * One round at `now` (default: the clock), after any round under way: resolves to how many
   * rows it claimed. A `now` ahead of the clock sees every claim older than it as run out.
   */
  runOnce(now?: Date): Promise<number>;
  /**
   * No more rounds or claims; resolves when the row under way is done, or after `waitMs` at
   * most (the row is then left to its claim).
   */
  stop(waitMs?: number): Promise<void>;
}

export const CLAIMED_WORK_BATCH_SIZE = 20;

const later = (date: Date, ms: number) => new Date(date.getTime() + ms).toISOString();

export function createClaimedWork<Key, Row>(options: ClaimedWorkOptions<Key, Row>): ClaimedWork {
  const batchSize = options.batchSize ?? CLAIMED_WORK_BATCH_SIZE;
  let stopping = false;
  // Rounds run one after another: a round asked for during another starts when it ends.
  let rounds: Promise<unknown> = Promise.resolve();

  async function round(at: Date | undefined): Promise<number> {
    const clock = () => at ?? options.clock.now();
    if (stopping) return 0;
    const ended = await options.beforeRound?.(clock());
    if (ended !== undefined) return ended;
    let prepared = false;
    let taken = 0;
    for (;;) {
      if (stopping) return taken;
      const keys = await options.findDue(clock().toISOString(), batchSize);
      if (keys.length === 0) return taken;
      if (!prepared) await options.beforeFirstClaim?.();
      prepared = true;
      let claimed = 0;
      for (const key of keys) {
        if (stopping) return taken;
        const now = clock();
        const claimedUntil = later(now, options.claimMs);
        // Only the server whose update changed the row goes on; any other skips it.
        const row = await options.claim(key, now.toISOString(), claimedUntil);
        if (row === undefined) continue;
        claimed++;
        taken++;
        await options.work(row, { claimedUntil, now, clock });
      }
      // Fewer than a batch: that was all. None claimed: other servers have the rest.
      if (options.untilDone === false || keys.length < batchSize || claimed === 0) return taken;
    }
  }

  function runOnce(now?: Date): Promise<number> {
    const run = rounds.then(() => round(now));
    rounds = run.catch(() => {});
    return run;
  }

  const polling = createPeriodicJob({
    name: options.name,
    intervalMs: options.pollIntervalMs,
    runAtStart: options.runAtStart ?? true,
    round: () => runOnce(),
    log: options.log,
  });

  return {
    runOnce,
    wake: () => polling.wake(),
    start() {
      if ((options.background ?? true) && !stopping) polling.start();
    },
    async stop(waitMs) {
      stopping = true;
      const done = Promise.all([polling.stop(), rounds]);
      if (waitMs === undefined) {
        await done;
        return;
      }
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([done, new Promise((resolve) => (waited = setTimeout(resolve, waitMs)))]);
      clearTimeout(waited);
    },
  };
}
