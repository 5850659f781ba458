import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/*
 * Work the server does by itself while it runs (sweeping unclaimed files, reconciling payments,
 * sending the e-mail outbox), written once: a round every interval, never two rounds at once, a
 * failed round logged and the next one tried as usual, and closing the app waits for the round
 * under way so nothing is cut off between its writes. The interval is a setInterval, so a test
 * that fakes setInterval drives the rounds.
 */

export interface PeriodicJobOptions {
  /** What the job does, for the log: "<name> failed". */
  name: string;
  /** The time between two rounds. */
  intervalMs: number;
  /** One round at once when started (what was left due before the start goes now). */
  runAtStart?: boolean;
  /** One round. Its answer is ignored; a rejection is logged. */
  round: () => Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export interface PeriodicJob {
  /** Starts the rounds (once; later calls do nothing). */
  start(): void;
  /**
   * A round as soon as possible, without waiting for the interval: now, or right after the round
   * under way (several wakes meanwhile make one round). Does nothing before start or after stop.
   */
  wake(): void;
  /** No more rounds; resolves when the round under way (if any) has ended. */
  stop(): Promise<void>;
}

export function createPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  const { name, intervalMs, log } = options;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  // Woken during a round: one more round follows it.
  let again = false;

  function begin(): void {
    // Started on the next microtask: a round that throws at once is logged like any other.
    running = Promise.resolve()
      .then(options.round)
      .then(
        () => {},
        (error: unknown) => log.error({ err: error }, `${name} failed`),
      )
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          begin();
        }
      });
  }

  // An interval's tick while a round runs is skipped: the next tick comes soon enough.
  const tick = () => {
    if (!running && !stopped) begin();
  };

  return {
    start() {
      if (started || stopped) return;
      started = true;
      // Not awaited: an unreachable database or storage must not hold the start up.
      if (options.runAtStart) begin();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    wake() {
      if (!started || stopped) return;
      if (running) again = true;
      else begin();
    },
    async stop() {
      stopped = true;
      again = false;
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/**
 * Runs a job while the app runs: started when the app is ready (so a test's `app.inject()` sees
 * the same start as production), stopped before the app closes its database and storage.
 */
export function runWhileAppRuns(app: Pick<FastifyInstance, 'addHook'>, job: PeriodicJob): void {
  app.addHook('onReady', async () => job.start());
  app.addHook('preClose', async () => job.stop());
}
