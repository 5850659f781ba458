/** Measuring one URL with autocannon (bench.ts): a preflight request, a warm-up, the measured run. */
import http from 'node:http';
// @ts-expect-error -- autocannon ships no type declarations (@types/autocannon is not installed)
import autocannonUntyped from 'autocannon';

const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
/** The review's pages may be slow under load: a late answer is a figure, not an error. */
export const REVIEW_TIMEOUT_SECONDS = 60;

// --- autocannon's programmatic API: the part of it used here -----------------------------------

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  /** Seconds before a request counts as an error (autocannon's default: 10). */
  timeout?: number;
}
export interface AutocannonResult {
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

export const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

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

export let currentRun: AutocannonInstance | undefined;

async function load(options: AutocannonOptions): Promise<AutocannonResult> {
  currentRun = autocannon(options);
  try {
    return await currentRun;
  } finally {
    currentRun = undefined;
  }
}

export interface Measurement {
  route: string;
  result: AutocannonResult;
}

export interface MeasureOptions {
  /** autocannon's request timeout in seconds, for routes slower than its default 10 s allows. */
  timeout?: number;
  /**
   * Waits until the server has worked off what the warm-up left behind: a slow route still
   * answers the warm-up's last requests (to closed connections) after autocannon stops.
   */
  settle?: () => Promise<void>;
}

export async function measure(
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
