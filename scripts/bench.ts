/**
 * `npm run bench`: measures the BUILT server (`node src/server/main.ts`, production settings, demo
 * content, a throw-away data folder) with autocannon, next to a bare Fastify hello-world started in
 * the same run as this machine's ceiling. Servers are measured one at a time, hello-world first.
 *
 * With `taskset`, the servers run on CPU 0 and the load generator on CPU 1 (this script re-runs
 * itself under `taskset -c 1`), so the two do not fight over a core.
 *
 * stdout: one JSON object per line, the hello-world first, then the pages against a static file
 * (scripts/lib/pages-bench.ts: `/`, `/about` and a category filter link pre-rendered, a search
 * on the home page rendered per request, each with its size, and their ratios to the static file's requests per
 * second, with the load average), then one per entry of ROUTES, then the
 * image goals: the size of the 800 px WebP made of an uploaded camera-like photo, and the
 * API's p99 idle and during an upload burst; then the registration goals: registrations per second (an 800 px
 * photo and a 2560 px artwork each) and the API's p99 idle and while they keep arriving.
 * Progress and the servers' own output go to stderr. Exits non-zero when a route had errors or
 * non-2xx answers (a broken route is not a benchmark); timings and sizes never fail the run, goals
 * are only reported.
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
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error -- autocannon ships no type declarations (@types/autocannon is not installed)
import autocannonUntyped from 'autocannon';
import { describePostgresUrl, type Engine, openDatabase } from '../src/server/db/database.ts';
import { countSubmissions, listSubmissions } from '../src/server/features/review/review.service.ts';
import { ReviewQuerySchema } from '../src/shared/schemas/review.ts';
import { findFreePort } from './lib/free-port.ts';
import {
  createPgDatabase,
  deepPosition,
  type DeepPosition,
  explainQueries,
  generateSubmissions,
  PG_ADMIN_URL,
  REVIEW_ROWS,
  REVIEW_VIEWS,
  countsUrl,
  reviewUrl,
  settleAfterLoad,
  waitUntilIdle,
} from './lib/review-bench.ts';
import { JURY_ENTRIES, type JuryBench, seedJuryRound } from './lib/jury-bench.ts';
import { benchPages } from './lib/pages-bench.ts';
import { benchResults } from './lib/results-bench.ts';
import {
  cameraLikePhoto,
  fetchBytes,
  PHOTO_HEIGHT,
  PHOTO_QUALITY,
  PHOTO_WIDTH,
  signInAsAdmin,
  srcsetEntry,
  startUploadBurst,
  type Burst,
  uploadImage,
} from './lib/uploads.ts';
import {
  ARTWORK_MAX_PX,
  openCompetitionForm,
  PHOTO_MAX_PX,
  register,
  registrationImages,
  startRegistrationBurst,
} from './lib/registrations.ts';
import {
  appEnv,
  buildClientIfMissing,
  firstCompetitionId,
  ROOT,
  type RunningServer,
  snapshotClientBuild,
  startServer,
  stopServer,
  waitUntilReady,
} from './lib/server.ts';

/** One measured route of the app. `{entryJs}` in a path is the built entry chunk's file name,
 * `{competitionId}` the first listed competition's id. */
interface BenchRoute {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

/** The app's routes, measured in this order. Later issues append entries. */
const ROUTES: BenchRoute[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/settings', path: '/api/settings' },
  { name: 'GET /api/competitions', path: '/api/competitions' },
  { name: 'GET /api/competitions/:id', path: '/api/competitions/{competitionId}' },
  { name: 'GET /api/competitions?q=', path: '/api/competitions?q=monsoon' },
  { name: 'GET /', path: '/' },
  { name: 'GET /competition/:id', path: '/competition/{competitionId}' },
  {
    name: 'GET /assets/[entry].js (br)',
    path: '/{entryJs}',
    headers: { 'accept-encoding': 'br' },
  },
];

const CONNECTIONS = 10;

/** The image goals: the 800 px display image, and the API during an upload burst. */
const DISPLAY_WIDTH = 800;
const DISPLAY_MAX_BYTES = 60_000;
const DISPLAY_MAX_RATIO = 0.1;
const BURST_ROUTE = '/api/competitions';
const BURST_UPLOADS_IN_FLIGHT = 4;
const BURST_MAX_P99_RATIO = 2;
/** Registrations with an 800 px photo and a 2560 px artwork kept in flight. */
const REGISTRATIONS_IN_FLIGHT = 4;
/** The deep page at least this share of the first page's requests per second... */
const REVIEW_MIN_DEEP_RATIO = 0.5;
/** ...and both pages' p99 at most this. */
const REVIEW_MAX_P99_MS = 100;
/** The review's pages may be slow under load: a late answer is a figure, not an error. */
const REVIEW_TIMEOUT_SECONDS = 60;
const WARMUP_SECONDS = 1;
/** Set to '1' in the re-run under `taskset -c 1`, so that run does not re-run itself again. */
const PIN_FLAG = 'BENCH_PINNED';

// --- autocannon's programmatic API: the part of it used here -----------------------------------

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  /** Seconds before a request counts as an error (autocannon's default: 10). */
  timeout?: number;
}
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  stop(): void;
}
const autocannon = autocannonUntyped as (options: AutocannonOptions) => AutocannonInstance;

// --- helpers ------------------------------------------------------------------------------------

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

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

function tasksetAvailable(): boolean {
  const result = spawnSync('taskset', ['--version'], { stdio: 'ignore' });
  return result.error === undefined && result.status === 0;
}

// --- servers ------------------------------------------------------------------------------------

/** The servers run on CPU 0 when pinned; the load generator runs on CPU 1. */
const cpu0 = (pinned: boolean) => (pinned ? ['taskset', '-c', '0'] : []);

/** One plain request before the load: logs the status and encoding a route really answers with. */
function preflight(url: string, headers: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(url, { headers }, (response) => {
      response.resume();
      response.on('end', () => {
        const encoding = response.headers['content-encoding'] ?? 'identity';
        log(`  preflight: ${response.statusCode}, content-encoding ${encoding}`);
        const wanted = headers['accept-encoding'];
        if (wanted && !wanted.split(',').some((w) => w.trim() === encoding)) {
          log(`  warning: asked for ${wanted} but got ${encoding}`);
        }
        resolve();
      });
    });
    request.on('error', (error) => {
      log(`  preflight failed: ${error.message}`);
      resolve();
    });
  });
}

// --- measuring ----------------------------------------------------------------------------------

let currentRun: AutocannonInstance | undefined;

async function load(options: AutocannonOptions): Promise<AutocannonResult> {
  currentRun = autocannon(options);
  try {
    return await currentRun;
  } finally {
    currentRun = undefined;
  }
}

interface Measurement {
  route: string;
  result: AutocannonResult;
}

interface MeasureOptions {
  /** autocannon's request timeout in seconds, for routes slower than its default 10 s allows. */
  timeout?: number;
  /**
   * Waits until the server has worked off what the warm-up left behind: a slow route still
   * answers the warm-up's last requests (to closed connections) after autocannon stops.
   */
  settle?: () => Promise<void>;
}

async function measure(
  route: string,
  url: string,
  duration: number,
  headers?: Record<string, string>,
  options: MeasureOptions = {},
): Promise<Measurement> {
  log(`${route}: ${url}`);
  await preflight(url, headers);
  const { timeout } = options;
  // Warm-up: lets the JIT and caches settle; its numbers are thrown away.
  await load({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers, timeout });
  await options.settle?.();
  const result = await load({ url, connections: CONNECTIONS, duration, headers, timeout });
  const codes = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
  log(`  ${Math.round(result.requests.average)} req/s, status ${codes || 'none'}`);
  return { route, result };
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

function report(
  measurement: Measurement,
  ceiling: number,
  pinned: boolean,
  extra: Record<string, unknown> = {},
): string {
  const { result } = measurement;
  return JSON.stringify({
    route: measurement.route,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: round(result.latency.p50, 2),
    p99Ms: round(result.latency.p99, 2),
    ratioToHelloWorld: ceiling > 0 ? round(result.requests.average / ceiling, 2) : null,
    errors: result.errors,
    non2xx: result.non2xx,
    ...extra,
    pinned,
  });
}

const kb = (bytes: number) => `${round(bytes / 1000, 1)} KB`;
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** The entry chunk's file, from the manifest of the build the running server serves. */
function entryJsFile(clientDir: string): string {
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`${manifestFile} has no entry chunk`);
  return entry.file;
}

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
  const servers: RunningServer[] = [];
  let burst: Burst | undefined;
  /** Run by cleanup once the servers have stopped: throw-away databases and folders. */
  const afterServers: (() => Promise<void> | void)[] = [];
  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= (async () => {
      currentRun?.stop();
      await burst?.stop();
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
    const lines: string[] = [];
    let failed = false;
    const print = (line: string) => {
      lines.push(line);
      process.stdout.write(`${line}\n`);
    };
    const emit = (measurement: Measurement, ceiling: number, extra?: Record<string, unknown>) => {
      print(report(measurement, ceiling, pinned, extra));
      if (measurement.result.errors > 0 || measurement.result.non2xx > 0) {
        failed = true;
        log(`  FAILED: ${measurement.route} had errors or non-2xx answers`);
      }
    };

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
    emit(helloResult, ceiling);
    await stopServer(hello);

    // 2. The app, built and in production mode, on its own data folder: started once, for the
    // first section that needs it.
    let appStarted:
      Promise<{ base: string; env: NodeJS.ProcessEnv; clientDir: string }> | undefined;
    const startApp = async () => {
      const clientDir = snapshotClientBuild(log);
      afterServers.push(() => rmSync(clientDir, { recursive: true, force: true }));
      const appPort = await findFreePort();
      // Trusting the proxy header lets the registration burst come from many addresses, as artists
      // do, instead of meeting the per-address limit.
      const env: NodeJS.ProcessEnv = {
        ...appEnv(dataDir, appPort),
        CLIENT_DIR: clientDir,
        TRUST_PROXY: 'true',
      };
      const app = startServer(
        'White Stroke',
        path.join(ROOT, 'src/server/main.ts'),
        env,
        log,
        cpu0(pinned),
      );
      servers.push(app);
      const base = `http://127.0.0.1:${appPort}`;
      await waitUntilReady(app, `${base}/api/health`);
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
      const { base, env, clientDir } = await appStarted;

      // The build the server serves: its own copy, which no later rebuild renames.
      const placeholders: Record<string, string> = {
        entryJs: entryJsFile(clientDir),
        competitionId: await firstCompetitionId(base),
      };
      for (const route of ROUTES) {
        const routePath = route.path.replace(/\{(\w+)\}/g, (match, key: string) => {
          const value = placeholders[key];
          if (value === undefined) throw new Error(`Unknown placeholder ${match} in ${route.name}`);
          return value;
        });
        emit(await measure(route.name, `${base}${routePath}`, duration, route.headers), ceiling);
      }

      // 3. The image goals: one upload of a camera-like photo, then the API during a burst.
      log(`making a ${PHOTO_WIDTH}×${PHOTO_HEIGHT} camera-like JPEG (quality ${PHOTO_QUALITY})`);
      const photo = await cameraLikePhoto();
      const cookie = await signInAsAdmin(base, env.ADMIN_PASSWORD as string);

      const uploadRoute = `POST /api/admin/uploads/images (${DISPLAY_WIDTH} px WebP)`;
      log(`${uploadRoute}: ${kb(photo.length)} original`);
      const upload = await uploadImage(base, cookie, photo);
      const webpUrl =
        typeof upload.body === 'string'
          ? undefined
          : srcsetEntry(upload.body.srcset, DISPLAY_WIDTH);
      if (typeof upload.body === 'string' || upload.status !== 201 || !webpUrl) {
        failed = true;
        log(`  FAILED: answered ${upload.status} ${JSON.stringify(upload.body).slice(0, 300)}`);
      } else {
        const webpBytes = (await fetchBytes(`${base}${webpUrl}`)).length;
        const fallbackBytes = (await fetchBytes(`${base}${upload.body.url}`)).length;
        const ratio = webpBytes / photo.length;
        const withinGoals = webpBytes <= DISPLAY_MAX_BYTES && ratio <= DISPLAY_MAX_RATIO;
        log(
          `  ${DISPLAY_WIDTH} px WebP ${kb(webpBytes)} = ${round(ratio * 100, 2)} % of the original, ` +
            `fallback JPEG (${upload.body.width} px) ${kb(fallbackBytes)}, upload ${Math.round(upload.ms)} ms; ` +
            `goal ≤ ${kb(DISPLAY_MAX_BYTES)} and ≤ ${DISPLAY_MAX_RATIO * 100} %: ${met(withinGoals)}`,
        );
        print(
          JSON.stringify({
            route: uploadRoute,
            originalBytes: photo.length,
            originalSize: `${PHOTO_WIDTH}x${PHOTO_HEIGHT}`,
            displayWebpBytes: webpBytes,
            ratioToOriginal: round(ratio, 4),
            fallbackJpegBytes: fallbackBytes,
            fallbackWidth: upload.body.width,
            uploadMs: Math.round(upload.ms),
            goalMaxBytes: DISPLAY_MAX_BYTES,
            goalMaxRatio: DISPLAY_MAX_RATIO,
            withinGoals,
            pinned,
          }),
        );
      }

      /**
       * The same API route idle and then with `what` always in flight, measured back to back: its
       * p99 under that load against idle (goal: at most BURST_MAX_P99_RATIO times).
       */
      const compareDuringBurst = async (what: string, inFlight: number, start: () => Burst) => {
        const burstUrl = `${base}${BURST_ROUTE}`;
        const idle = await measure(`GET ${BURST_ROUTE} (idle)`, burstUrl, duration);
        emit(idle, ceiling);
        log(`keeping ${inFlight} ${what} in flight`);
        burst = start();
        const busy = await measure(`GET ${BURST_ROUTE} (${what} in flight)`, burstUrl, duration);
        const answered = await burst.stop();
        burst = undefined;
        const p99Ratio =
          idle.result.latency.p99 > 0 ? busy.result.latency.p99 / idle.result.latency.p99 : null;
        const withinGoal = p99Ratio !== null && p99Ratio <= BURST_MAX_P99_RATIO;
        const perSecond = answered.done / duration;
        log(
          `  p99 ${idle.result.latency.p99} ms idle, ${busy.result.latency.p99} ms with ${what} ` +
            `(${p99Ratio === null ? '?' : round(p99Ratio, 2)}×); ${answered.done} ${what} answered ` +
            `(${round(perSecond, 2)}/s, ${Math.round(answered.averageMs)} ms each on average); ` +
            `goal ≤ ${BURST_MAX_P99_RATIO}×: ${met(withinGoal)}`,
        );
        emit(busy, ceiling, {
          inFlight,
          done: answered.done,
          perSecond: round(perSecond, 2),
          failures: answered.failures.length,
          averageMs: Math.round(answered.averageMs),
          idleP99Ms: round(idle.result.latency.p99, 2),
          p99RatioToIdle: p99Ratio === null ? null : round(p99Ratio, 2),
          goalMaxP99Ratio: BURST_MAX_P99_RATIO,
          withinGoal,
        });
        if (answered.failures.length > 0) {
          failed = true;
          log(
            `  FAILED: ${answered.failures.length} ${what} failed, first: ${answered.failures[0]}`,
          );
        }
      };

      await compareDuringBurst('uploads', BURST_UPLOADS_IN_FLIGHT, () =>
        startUploadBurst(base, cookie, photo, BURST_UPLOADS_IN_FLIGHT),
      );

      // 4. Registrations with the two images a phone sends, one then a steady stream.
      const images = await registrationImages(photo);
      const target = await openCompetitionForm(base);
      const registrationRoute =
        `POST /api/submissions (${PHOTO_MAX_PX} px photo ${kb(images.photo.length)}, ` +
        `${ARTWORK_MAX_PX} px artwork ${kb(images.artwork.length)})`;
      const first = await register(base, target, images);
      log(`${registrationRoute}: ${first.status} in ${Math.round(first.ms)} ms`);
      if (first.status !== 201) {
        failed = true;
        log(`  FAILED: answered ${first.status} ${first.body.slice(0, 300)}`);
      } else {
        await compareDuringBurst('registrations', REGISTRATIONS_IN_FLIGHT, () =>
          startRegistrationBurst(base, target, images, REGISTRATIONS_IN_FLIGHT),
        );
      }
    }

    // 5. The submissions review with REVIEW_ROWS generated entries, on each engine.
    const benchReview = async (engine: Engine) => {
      let databaseUrl: string | undefined;
      if (engine === 'postgres') {
        try {
          const created = await createPgDatabase();
          afterServers.push(created.drop);
          databaseUrl = created.url;
        } catch (error) {
          const reason =
            `cannot create a database on ${describePostgresUrl(PG_ADMIN_URL)}: ` +
            (error as Error).message;
          log(`review on PostgreSQL SKIPPED: ${reason}`);
          print(JSON.stringify({ route: 'GET /api/admin/submissions', engine, skipped: reason }));
          return;
        }
      }
      const reviewDir = mkdtempSync(path.join(os.tmpdir(), 'white-stroke-bench-review-'));
      afterServers.push(() => rmSync(reviewDir, { recursive: true, force: true }));
      const port = await findFreePort();
      const env: NodeJS.ProcessEnv = { ...appEnv(reviewDir, port) };
      // appEnv always chooses SQLite: the database of this run goes in after it.
      if (databaseUrl !== undefined) env.DATABASE_URL = databaseUrl;
      const base = `http://127.0.0.1:${port}`;
      const main = path.join(ROOT, 'src/server/main.ts');

      // A first start migrates the database, creates the admin and the demo competitions.
      const setup = startServer(`White Stroke (${engine}, first start)`, main, env, log);
      servers.push(setup);
      await waitUntilReady(setup, `${base}/api/health`);
      await stopServer(setup);

      log(`review (${engine}): writing ${REVIEW_ROWS} submissions`);
      const database = await openDatabase({ databaseUrl, dataDir: reviewDir });
      const positions = new Map<string, DeepPosition>();
      const queryMs = new Map<string, number[]>();
      try {
        const generated = await generateSubmissions(database.db, REVIEW_ROWS, log);
        const settleStarted = performance.now();
        await settleAfterLoad(database.db, engine);
        const settleMs = performance.now() - settleStarted;
        log(
          `  ${REVIEW_ROWS} submissions in ${round(generated.ms / 1000, 1)} s ` +
            `(${generated.competitions} competitions)` +
            (engine === 'postgres'
              ? `, then VACUUM ANALYZE in ${round(settleMs / 1000, 1)} s`
              : ''),
        );
        print(
          JSON.stringify({
            route: 'review data',
            engine,
            rows: REVIEW_ROWS,
            competitions: generated.competitions,
            generateMs: Math.round(generated.ms),
            settleMs: Math.round(settleMs),
          }),
        );
        for (const view of REVIEW_VIEWS) {
          const position = await deepPosition(database.db, view);
          positions.set(view.name, position);
          log(
            `  ${view.name}: ${position.viewRows} rows, the deep page starts after row ` +
              `${position.afterRow}`,
          );
          // The queries of both pages and of the counts, as the server makes them, with plans.
          for (const [page, cursor] of [
            ['first', undefined],
            ['deep', position.cursor],
            ['counts', undefined],
          ] as const) {
            const query = ReviewQuerySchema.parse({ ...view.params, cursor });
            const explained = await explainQueries(database.db, engine, (db) =>
              page === 'counts'
                ? countSubmissions({ db }, query)
                : listSubmissions({ db, log: console }, query),
            );
            queryMs.set(
              `${view.name} ${page}`,
              explained.map((q) => q.medianMs),
            );
            log(`  [${engine}] ${view.name}, ${page} page: ${explained.length} queries`);
            for (const q of explained) {
              const shortSql = q.sql.replace(/^select .*? from /s, 'select … from ');
              log(`    ${q.medianMs} ms (median of 5, alone): ${shortSql}`);
              for (const line of q.plan) log(`      | ${line}`);
            }
          }
        }
      } finally {
        await database.close();
      }

      const app = startServer(`White Stroke (${engine})`, main, env, log, cpu0(pinned));
      servers.push(app);
      await waitUntilReady(app, `${base}/api/health`);
      const headers = { cookie: await signInAsAdmin(base, env.ADMIN_PASSWORD as string) };
      const reviewOptions: MeasureOptions = {
        timeout: REVIEW_TIMEOUT_SECONDS,
        settle: () => waitUntilIdle(base, log),
      };

      for (const view of REVIEW_VIEWS) {
        const position = positions.get(view.name) as DeepPosition;
        const firstUrl = reviewUrl(base, view);
        const deepUrl = reviewUrl(base, view, position.cursor);
        // The deep page must be the one meant: it starts with the row after the cursor's.
        const check = await fetch(deepUrl, { headers, signal: AbortSignal.timeout(30_000) });
        const answer = (await check.json()) as { items?: { id: string }[] };
        if (check.status !== 200 || answer.items?.[0]?.id !== position.expectedFirstId) {
          failed = true;
          log(
            `  FAILED: the deep page of ${view.name} answered ${check.status} and starts with ` +
              `${answer.items?.[0]?.id ?? 'nothing'}, not ${position.expectedFirstId}`,
          );
        }
        const common = { engine, view: view.name, viewRows: position.viewRows };
        const route = `GET /api/admin/submissions?${view.name} (${engine})`;
        const first = await measure(
          `${route} first page`,
          firstUrl,
          duration,
          headers,
          reviewOptions,
        );
        emit(first, ceiling, {
          ...common,
          page: 'first',
          queryMedianMs: queryMs.get(`${view.name} first`),
        });
        const deep = await measure(
          `${route} after row ${position.afterRow}`,
          deepUrl,
          duration,
          headers,
          reviewOptions,
        );
        emit(deep, ceiling, {
          ...common,
          page: 'deep',
          afterRow: position.afterRow,
          queryMedianMs: queryMs.get(`${view.name} deep`),
        });
        // The counts have no goal of their own: the screen asks for them once per view.
        const counts = await measure(
          `GET /api/admin/submissions/counts?${view.name} (${engine})`,
          countsUrl(base, view),
          duration,
          headers,
          reviewOptions,
        );
        emit(counts, ceiling, {
          ...common,
          page: 'counts',
          queryMedianMs: queryMs.get(`${view.name} counts`),
        });
        const firstRate = first.result.requests.average;
        const ratio = firstRate > 0 ? deep.result.requests.average / firstRate : null;
        const withinGoals =
          ratio !== null &&
          ratio >= REVIEW_MIN_DEEP_RATIO &&
          first.result.latency.p99 <= REVIEW_MAX_P99_MS &&
          deep.result.latency.p99 <= REVIEW_MAX_P99_MS;
        log(
          `  ${engine} ${view.name}: first ${Math.round(firstRate)} req/s p99 ` +
            `${first.result.latency.p99} ms, after row ${position.afterRow} ` +
            `${Math.round(deep.result.requests.average)} req/s p99 ${deep.result.latency.p99} ms, ` +
            `deep/first ${ratio === null ? '?' : round(ratio, 2)}; goals ≥ ` +
            `${REVIEW_MIN_DEEP_RATIO} and p99 ≤ ${REVIEW_MAX_P99_MS} ms: ${met(withinGoals)}`,
        );
        print(
          JSON.stringify({
            route: `${route} deep / first`,
            ...common,
            afterRow: position.afterRow,
            // One decimal: these pages may answer only a few requests a second.
            firstReqPerSec: round(firstRate, 1),
            firstP99Ms: round(first.result.latency.p99, 2),
            deepReqPerSec: round(deep.result.requests.average, 1),
            deepP99Ms: round(deep.result.latency.p99, 2),
            deepToFirst: ratio === null ? null : round(ratio, 2),
            goalMinDeepToFirst: REVIEW_MIN_DEEP_RATIO,
            goalMaxP99Ms: REVIEW_MAX_P99_MS,
            withinGoals,
            loadAverage: os.loadavg().map((value) => round(value, 2)),
            pinned,
          }),
        );
      }
      await stopServer(app);
      await benchJury(engine, env, base, main);
    };

    /** A juror's next work in a round of JURY_ENTRIES, on the review's data, after the review. */
    const benchJury = async (
      engine: Engine,
      env: NodeJS.ProcessEnv,
      base: string,
      main: string,
    ) => {
      const database = await openDatabase({
        databaseUrl: env.DATABASE_URL,
        dataDir: env.DATA_DIR as string,
      });
      let jury: JuryBench;
      try {
        jury = await seedJuryRound(database.db, log);
      } finally {
        await database.close();
      }
      const app = startServer(`White Stroke (${engine}, jury)`, main, env, log, cpu0(pinned));
      servers.push(app);
      await waitUntilReady(app, `${base}/api/health`);
      const headers = { cookie: await signInAsAdmin(base, jury.password, jury.username) };
      const url = `${base}/api/jury/rounds/${jury.roundId}/works/${jury.middleAlias}`;
      const check = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
      if (check.status !== 200) {
        failed = true;
        log(`  FAILED: ${url} answered ${check.status} ${(await check.text()).slice(0, 200)}`);
      }
      const route = `GET /api/jury/rounds/:round/works/:alias (${engine}, ${JURY_ENTRIES} entries)`;
      const work = await measure(route, url, duration, headers, {
        timeout: REVIEW_TIMEOUT_SECONDS,
        settle: () => waitUntilIdle(base, log),
      });
      emit(work, ceiling, { engine, entries: JURY_ENTRIES, jurorWorks: jury.assigned });
      // Then the competition's results, published to all of its entrants at once.
      try {
        const adminCookie = await signInAsAdmin(base, env.ADMIN_PASSWORD as string);
        const figures = await benchResults(base, adminCookie, jury.competitionId, jury.someEntries);
        print(JSON.stringify({ route: `publish results (${engine})`, engine, ...figures }));
      } catch (error) {
        failed = true;
        log(`  FAILED: publishing results: ${(error as Error).message}`);
      }
      await stopServer(app);
    };

    if (sections.has('review')) {
      for (const engine of ENGINES) {
        if (reviewEngines.has(engine)) await benchReview(engine);
      }
    }

    if (failed) log('Some routes had errors or non-2xx answers: exiting with code 1');
    return failed ? 1 : 0;
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
