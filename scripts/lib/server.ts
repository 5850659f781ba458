/**
 * Starting, waiting for and stopping a Node server as a child process, for the scripts that
 * measure the BUILT app (`npm run bench`, `npm run lighthouse`): its output goes to stderr, a
 * readiness URL is polled, SIGTERM stops it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isClientBuildStale } from '../../src/server/client-build.ts';
import { findFreePort } from './free-port.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CLIENT_DIR = path.join(ROOT, 'dist/client');
/** Generous: the measuring machine may be shared and loaded (a cold start under load takes a minute). */
const READY_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 12_000;

type Log = (message: string) => void;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RunningServer {
  name: string;
  child: ChildProcess;
  exited: Promise<void>;
  hasExited: () => boolean;
  log: Log;
}

/** Runs `npm run build`'s script when dist/client/index.html is missing; its report goes to stderr. */
export function buildClientIfMissing(log: Log): void {
  if (existsSync(path.join(CLIENT_DIR, 'index.html'))) return;
  log('dist/client/index.html is missing: building the browser app first');
  // The build's report goes to stderr: stdout carries only the results.
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.ts')], {
    cwd: ROOT,
    stdio: ['inherit', 2, 'inherit'],
  });
  if (build.status !== 0) throw new Error('The build failed: see its output above');
}

/**
 * The app's environment for a measuring run: production mode (with the test checkout), the built
 * client, demo content, a random admin password, the given data folder and port on 127.0.0.1.
 * Always the throw-away SQLite database in that folder, whatever the caller's shell has set.
 */
export function appEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    CLIENT_DIR,
    SEED_DEMO: 'true',
    NODE_ENV: 'production',
    // No Razorpay keys here: paid entries go through the built-in test checkout.
    PAYMENTS_TEST_MODE: 'true',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  delete env.DATABASE_URL;
  return env;
}

/** Starts `node <script>` (after `prefix`, such as `taskset -c 0`) in the repository's folder. */
export function startServer(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  log: Log,
  prefix: string[] = [],
): RunningServer {
  const [command, ...args] = [...prefix, process.execPath, script];
  const child = spawn(command as string, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The servers' output (start-up lines, a rebuild, warnings) is progress: stderr, never stdout.
  child.stdout?.pipe(process.stderr, { end: false });
  child.stderr?.pipe(process.stderr, { end: false });
  let done = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      done = true;
      resolve();
    });
    child.once('error', (error) => {
      log(`${name}: could not start: ${error.message}`);
      done = true;
      resolve();
    });
  });
  return { name, child, exited, hasExited: () => done, log };
}

/** SIGTERM (the app shuts down gracefully), then SIGKILL if it has not gone within the grace. */
export async function stopServer(server: RunningServer): Promise<void> {
  if (server.hasExited()) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => {
    if (!server.hasExited()) {
      server.log(`${server.name}: did not stop after SIGTERM, killing it`);
      server.child.kill('SIGKILL');
    }
  }, STOP_GRACE_MS);
  await server.exited;
  clearTimeout(timer);
}

/** Polls `url` until it answers 200; fails clearly on a timeout or when the server exits. */
export async function waitUntilReady(server: RunningServer, url: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.hasExited()) {
      const code = server.child.exitCode ?? server.child.signalCode;
      throw new Error(`${server.name} exited (${code}) before ${url} answered 200: see above`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await sleep(250);
  }
  throw new Error(
    `${server.name} did not answer 200 on ${url} within ${READY_TIMEOUT_MS / 1000} s ` +
      `(last: ${lastProblem})`,
  );
}

/** The id of the first competition `GET /api/competitions` lists; throws a readable reason. */
export async function firstCompetitionId(base: string): Promise<string> {
  const url = `${base}/api/competitions`;
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const body = await response.text();
  if (response.status !== 200) {
    throw new Error(
      `GET /api/competitions answered ${response.status}, not 200 (does the endpoint exist yet?), ` +
        'so there is no competition page to measure',
    );
  }
  let list: unknown;
  try {
    list = JSON.parse(body);
  } catch {
    throw new Error('GET /api/competitions did not answer JSON');
  }
  if (!Array.isArray(list)) throw new Error('GET /api/competitions did not answer a JSON array');
  if (list.length === 0) throw new Error('GET /api/competitions lists no competition');
  const id: unknown = (list[0] as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' && typeof id !== 'number') {
    throw new Error('The first item of GET /api/competitions has no string or number `id`');
  }
  return encodeURIComponent(String(id));
}

/** Whether every file the build's manifest names is in `clientDir`: no rebuild went halfway. */
function buildComplete(clientDir: string): boolean {
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(path.join(clientDir, 'index.html')) || !existsSync(manifestFile)) return false;
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
      string,
      { file: string }
    >;
    return Object.values(manifest).every((chunk) => existsSync(path.join(clientDir, chunk.file)));
  } catch {
    return false;
  }
}

/**
 * A copy of the browser build, made fresh first when it is older than its sources, for a measuring
 * run: other work that rebuilds dist/client meanwhile (renaming the hashed files) does not reach
 * the server measured, and the server, given a folder of its own, does not spend its start-up
 * building. The caller removes the folder returned. Another build running at the same time can
 * break ours or leave a half-written folder: then it is built and copied again, three tries at
 * most.
 */
export function snapshotClientBuild(log: Log): string {
  // Inside the repository: the server's rendering bundle (.ssr) imports packages from node_modules.
  const intoDir = mkdtempSync(path.join(ROOT, 'dist/measured-client-'));
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (isClientBuildStale(CLIENT_DIR)) {
      log('dist/client is missing or older than its sources: building the browser app first');
      const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.ts')], {
        cwd: ROOT,
        stdio: ['inherit', 2, 'inherit'],
      });
      if (build.status !== 0) {
        log(`the build failed (try ${attempt} of 3): another build at the same time?`);
        continue;
      }
    }
    rmSync(intoDir, { recursive: true, force: true });
    cpSync(CLIENT_DIR, intoDir, { recursive: true });
    if (buildComplete(intoDir)) return intoDir;
    log(`the copy of dist/client is incomplete (try ${attempt} of 3): another build at work?`);
  }
  rmSync(intoDir, { recursive: true, force: true });
  throw new Error('Could not build and copy a complete dist/client: see the output above');
}

export interface BuiltApp {
  app: RunningServer;
  base: string;
  env: NodeJS.ProcessEnv;
  clientDir: string;
}

/**
 * The built app in production mode on `dataDir`, serving a snapshot of the client build (its
 * removal pushed onto `cleanups`). Trusting the proxy header lets a registration burst come from
 * many addresses, as artists do, instead of meeting the per-address limit.
 */
export async function startBuiltApp(options: {
  dataDir: string;
  log: Log;
  cleanups: (() => Promise<void> | void)[];
  /** Told of the server as soon as it is started, before it is ready (to stop it on a failure). */
  started?: (app: RunningServer) => void;
  env?: NodeJS.ProcessEnv;
  prefix?: string[];
}): Promise<BuiltApp> {
  const { dataDir, log, cleanups } = options;
  const clientDir = snapshotClientBuild(log);
  cleanups.push(() => rmSync(clientDir, { recursive: true, force: true }));
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = {
    ...appEnv(dataDir, port),
    CLIENT_DIR: clientDir,
    TRUST_PROXY: 'true',
    ...options.env,
  };
  const app = startServer(
    'White Stroke',
    path.join(ROOT, 'src/server/main.ts'),
    env,
    log,
    options.prefix,
  );
  options.started?.(app);
  const base = `http://127.0.0.1:${port}`;
  await waitUntilReady(app, `${base}/api/health`);
  return { app, base, env, clientDir };
}
