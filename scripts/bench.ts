/**
 * `npm run bench`: measures the BUILT server (`node src/server/main.ts`, production settings, demo
 * content, a throw-away data folder) with autocannon, next to a bare Fastify hello-world started in
 * the same run as this machine's ceiling. Servers are measured one at a time, hello-world first.
 *
 * With `taskset`, the servers run on CPU 0 and the load generator on CPU 1 (this script re-runs
 * itself under `taskset -c 1`), so the two do not fight over a core.
 *
 * stdout: one JSON object per line, the hello-world first, then the pages against a static file
 * (scripts/lib/pages-bench.ts: `/`, `/about` and a category filter link pre-rendered, a search on
 * the home page rendered per request, each with its size, and their ratios to the static file's
 * requests per second, with the load average), then one per entry of ROUTES, then the image goals:
 * the size of the 800 px WebP made of an uploaded camera-like photo, and the API's p99 idle and
 * during an upload burst; then the registration goals: registrations per second (an 800 px photo
 * and a 2560 px artwork each) and the API's p99 idle and while they keep arriving. Progress and the
 * servers' own output go to stderr. Exits non-zero when a route had errors or non-2xx answers (a
 * broken route is not a benchmark); timings and sizes never fail the run, goals are only reported.
 *
 * Then the review's: GET /api/admin/submissions with 100,000 generated submissions, the first page
 * and the page after row 50,000 of a filtered and of a searched view, on SQLite and on PostgreSQL
 * (a database created for the run on the server of DATABASE_URL, default the local one, and
 * dropped after it), with the plans of their queries on stderr. After each engine's review, a
 * jury round of 10,000 of those entries (six jurors, two per entry) is opened by the rounds service
 * and a juror's next work (GET /api/jury/rounds/:round/works/:alias) is measured the same way;
 * then that competition's results are published to its 10,000 entrants (one certificate and one
 * e-mail queued each) and one certificate is downloaded (made, then from storage).
 *
 * BENCH_DURATION: seconds per measured run (default 5), after a discarded 1 s warm-up.
 * BENCH_ONLY: the sections to run, comma-separated: `pages` (pages against a static file),
 * `routes` (the app's routes, uploads and registrations) and `review` (the submissions review);
 * default all three. The hello-world ceiling always runs.
 * BENCH_REVIEW_ENGINES: `sqlite`, `postgres` or both (the default), comma-separated.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Engine } from '../src/server/db/database.ts';
import { findFreePort } from './lib/free-port.ts';
import { benchPages } from './lib/pages-bench.ts';
import {
  buildClientIfMissing,
  ROOT,
  startBuiltApp,
  startServer,
  stopServer,
  waitUntilReady,
} from './lib/server.ts';
import { currentRun, log, measure } from './lib/bench-measure.ts';
import { type BenchRun, report } from './lib/bench-report.ts';
import { benchReview } from './lib/bench-review.ts';
import { benchRoutes, type StartedApp } from './lib/bench-routes.ts';
import { cpu0, tasksetAvailable } from './lib/bench-servers.ts';

/** Set to '1' in the re-run under `taskset -c 1`, so that run does not re-run itself again. */
const PIN_FLAG = 'BENCH_PINNED';

// --- helpers ------------------------------------------------------------------------------------

function durationSeconds(): number {
  const raw = process.env.BENCH_DURATION;
  if (raw === undefined || raw === '') return 5;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 1 || !Number.isInteger(seconds)) {
    throw new Error(`BENCH_DURATION must be a whole number of seconds, 1 or more (got "${raw}")`);
  }
  return seconds;
}

/** The comma-separated values of an environment variable, each one of `allowed`; unset: all. */
function listFromEnv<T extends string>(name: string, allowed: readonly T[]): Set<T> {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return new Set(allowed);
  const values = raw.split(',').map((value) => value.trim());
  const unknown = values.filter((value) => !(allowed as readonly string[]).includes(value));
  if (unknown.length > 0 || values.length === 0) {
    throw new Error(`${name} takes ${allowed.join(', ')} (comma-separated), not "${raw}"`);
  }
  return new Set(values as T[]);
}

const SECTIONS = ['pages', 'routes', 'review'] as const;
const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

// --- the run ------------------------------------------------------------------------------------

async function bench(pinned: boolean): Promise<number> {
  const duration = durationSeconds();
  if (!pinned) {
    log(
      'taskset is not available (or there is only one CPU): running UNPINNED, numbers are noisier',
    );
  }

  const sections = listFromEnv('BENCH_ONLY', SECTIONS);
  const reviewEngines = listFromEnv('BENCH_REVIEW_ENGINES', ENGINES);
  buildClientIfMissing(log);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'white-stroke-bench-'));
  const lines: string[] = [];
  const run: BenchRun = {
    duration,
    pinned,
    ceiling: 0,
    servers: [],
    burst: undefined,
    /** Run by cleanup once the servers have stopped: throw-away databases and folders. */
    afterServers: [],
    failed: false,
    print: (line) => {
      lines.push(line);
      process.stdout.write(`${line}\n`);
    },
    emit: (measurement, ceiling, extra) => {
      run.print(report(measurement, ceiling, pinned, extra));
      if (measurement.result.errors > 0 || measurement.result.non2xx > 0) {
        run.failed = true;
        log(`  FAILED: ${measurement.route} had errors or non-2xx answers`);
      }
    },
  };
  const { servers, afterServers, print, emit } = run;
  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= (async () => {
      currentRun?.stop();
      await run.burst?.stop();
      await Promise.all(servers.map(stopServer));
      rmSync(dataDir, { recursive: true, force: true });
      for (const task of afterServers.splice(0)) {
        await (async () => task())().catch((error: unknown) =>
          log(`cleaning up failed: ${(error as Error).message}`),
        );
      }
    })();
    return cleaned;
  };
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal} received: stopping the servers and cleaning up`);
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    // 1. The ceiling: a bare Fastify hello-world, alone on the machine.
    const helloPort = await findFreePort();
    const hello = startServer(
      'hello-world',
      path.join(ROOT, 'scripts/bench-hello.ts'),
      { ...process.env, PORT: String(helloPort) },
      log,
      cpu0(pinned),
    );
    servers.push(hello);
    const helloUrl = `http://127.0.0.1:${helloPort}/`;
    await waitUntilReady(hello, helloUrl);
    const helloResult = await measure('GET / (hello-world)', helloUrl, duration);
    const ceiling = helloResult.result.requests.average;
    run.ceiling = ceiling;
    emit(helloResult, ceiling);
    await stopServer(hello);

    // 2. The app, built and in production mode, on its own data folder: started once, for the
    // first section that needs it.
    let appStarted: Promise<StartedApp> | undefined;
    const startApp = async () => {
      const { base, env, clientDir } = await startBuiltApp({
        dataDir,
        log,
        cleanups: afterServers,
        started: (app) => servers.push(app),
        prefix: cpu0(pinned),
      });
      return { base, env, clientDir };
    };

    if (sections.has('pages')) {
      appStarted ??= startApp();
      log('pages: pre-rendered and rendered per request, against a static file');
      const { base, clientDir } = await appStarted;
      await benchPages({
        base,
        clientDir,
        measure: (route, url, headers) => measure(route, url, duration, headers),
        emit: (measurement, extra) => emit(measurement, ceiling, extra),
        print,
        log,
        pinned,
      });
    }

    if (sections.has('routes')) {
      appStarted ??= startApp();
      await benchRoutes(run, await appStarted);
    }

    // 5. The submissions review with REVIEW_ROWS generated entries, on each engine.
    if (sections.has('review')) {
      for (const engine of ENGINES) {
        if (reviewEngines.has(engine)) await benchReview(run, engine);
      }
    }

    if (run.failed) log('Some routes had errors or non-2xx answers: exiting with code 1');
    return run.failed ? 1 : 0;
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** Runs this script again under `taskset -c 1`, passing signals on; returns its exit code. */
function rerunPinned(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(
      'taskset',
      ['-c', '1', process.execPath, ...process.execArgv, import.meta.filename],
      { stdio: 'inherit', env: { ...process.env, [PIN_FLAG]: '1' } },
    );
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.once('error', (error) => {
      log(`could not run under taskset: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 0));
    });
  });
}

try {
  const flag = process.env[PIN_FLAG];
  if (flag === undefined && tasksetAvailable() && os.availableParallelism() >= 2) {
    process.exitCode = await rerunPinned();
  } else {
    process.exitCode = await bench(flag === '1');
  }
} catch (error) {
  log(`failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
