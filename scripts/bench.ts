/**
 * `npm run bench`: measures the BUILT server (`node src/server/main.ts`, production settings, demo
 * content, a throw-away data folder) with autocannon, next to a bare Fastify hello-world started in
 * the same run as this machine's ceiling. Servers are measured one at a time, hello-world first.
 *
 * With `taskset`, the servers run on CPU 0 and the load generator on CPU 1 (this script re-runs
 * itself under `taskset -c 1`), so the two do not fight over a core.
 *
 * stdout: one JSON object per line, the hello-world first, then one per entry of ROUTES, then the
 * issue 5 image goals: the size of the 800 px WebP made of an uploaded camera-like photo, and the
 * API's p99 idle and during an upload burst; then issue 12's: registrations per second (an 800 px
 * photo and a 2560 px artwork each) and the API's p99 idle and while they keep arriving.
 * Progress and the servers' own output go to stderr. Exits non-zero when a route had errors or
 * non-2xx answers (a broken route is not a benchmark); timings and sizes never fail the run, goals
 * are only reported.
 *
 * BENCH_DURATION: seconds per measured run (default 5), after a discarded 1 s warm-up.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error -- autocannon ships no type declarations (@types/autocannon is not installed)
import autocannonUntyped from 'autocannon';
import { findFreePort } from './lib/free-port.ts';
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
  CLIENT_DIR,
  ROOT,
  type RunningServer,
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

/** Issue 5 item 2's goals: the 800 px display image, and the API during an upload burst. */
const DISPLAY_WIDTH = 800;
const DISPLAY_MAX_BYTES = 60_000;
const DISPLAY_MAX_RATIO = 0.1;
const BURST_ROUTE = '/api/competitions';
const BURST_UPLOADS_IN_FLIGHT = 4;
const BURST_MAX_P99_RATIO = 2;
/** Issue 12: registrations with an 800 px photo and a 2560 px artwork kept in flight. */
const REGISTRATIONS_IN_FLIGHT = 4;
const WARMUP_SECONDS = 1;
/** Set to '1' in the re-run under `taskset -c 1`, so that run does not re-run itself again. */
const PIN_FLAG = 'BENCH_PINNED';

// --- autocannon's programmatic API: the part of it used here -----------------------------------

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
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

async function measure(
  route: string,
  url: string,
  duration: number,
  headers?: Record<string, string>,
): Promise<Measurement> {
  log(`${route}: ${url}`);
  await preflight(url, headers);
  // Warm-up: lets the JIT and caches settle; its numbers are thrown away.
  await load({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers });
  const result = await load({ url, connections: CONNECTIONS, duration, headers });
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
function entryJsFile(): string {
  const manifestFile = path.join(CLIENT_DIR, '.vite/manifest.json');
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

  buildClientIfMissing(log);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'white-stroke-bench-'));
  const servers: RunningServer[] = [];
  let burst: Burst | undefined;
  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= (async () => {
      currentRun?.stop();
      await burst?.stop();
      await Promise.all(servers.map(stopServer));
      rmSync(dataDir, { recursive: true, force: true });
    })();
    return cleaned;
  };
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal} received: stopping the servers and cleaning up`);
    cleanup().finally(() => process.exit(130));
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

    // 2. The app, built and in production mode, on its own data folder.
    const appPort = await findFreePort();
    // Trusting the proxy header lets the registration burst come from many addresses, as artists
    // do, instead of meeting the per-address limit.
    const env: NodeJS.ProcessEnv = { ...appEnv(dataDir, appPort), TRUST_PROXY: 'true' };
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

    // Read after start-up: the server rebuilds a stale build, which renames the hashed files.
    const placeholders: Record<string, string> = {
      entryJs: entryJsFile(),
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

    // 3. Issue 5's image goals: one upload of a camera-like photo, then the API during a burst.
    log(`making a ${PHOTO_WIDTH}×${PHOTO_HEIGHT} camera-like JPEG (quality ${PHOTO_QUALITY})`);
    const photo = await cameraLikePhoto();
    const cookie = await signInAsAdmin(base, env.ADMIN_PASSWORD as string);

    const uploadRoute = `POST /api/admin/uploads/images (${DISPLAY_WIDTH} px WebP)`;
    log(`${uploadRoute}: ${kb(photo.length)} original`);
    const upload = await uploadImage(base, cookie, photo);
    const webpUrl =
      typeof upload.body === 'string' ? undefined : srcsetEntry(upload.body.srcset, DISPLAY_WIDTH);
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
        log(`  FAILED: ${answered.failures.length} ${what} failed, first: ${answered.failures[0]}`);
      }
    };

    await compareDuringBurst('uploads', BURST_UPLOADS_IN_FLIGHT, () =>
      startUploadBurst(base, cookie, photo, BURST_UPLOADS_IN_FLIGHT),
    );

    // 4. Issue 12: registrations with the two images a phone sends, one then a steady stream.
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
