/**
 * Image uploads for `npm run bench`: a camera-like test photo made with sharp,
 * signing in as the admin, and POST /api/admin/uploads/images, once or as a steady burst.
 */
import sharp from 'sharp';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/shared/csrf.ts';
import { seededRandom } from './seeded-random.ts';

export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;
export const PHOTO_QUALITY = 92;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Octaves of smooth value noise, one per cell size (px), each of amplitude `amplitude(cell)`. */
function fractal(
  random: () => number,
  cells: number[],
  amplitude: (cell: number) => number,
): Float32Array {
  const w = PHOTO_WIDTH;
  const out = new Float32Array(w * PHOTO_HEIGHT);
  for (const cell of cells) {
    const gw = Math.ceil(w / cell) + 2;
    const grid = new Float32Array(gw * (Math.ceil(PHOTO_HEIGHT / cell) + 2));
    for (let i = 0; i < grid.length; i++) grid[i] = (random() * 2 - 1) * amplitude(cell);
    for (let y = 0; y < PHOTO_HEIGHT; y++) {
      const y0 = Math.floor(y / cell);
      const ty = smooth(y / cell - y0);
      for (let x = 0; x < w; x++) {
        const x0 = Math.floor(x / cell);
        const tx = smooth(x / cell - x0);
        const i = y0 * gw + x0;
        const top = grid[i]! + (grid[i + 1]! - grid[i]!) * tx;
        const bottom = grid[i + gw]! + (grid[i + gw + 1]! - grid[i + gw]!) * tx;
        out[y * w + x]! += top + (bottom - top) * ty;
      }
    }
  }
  return out;
}
const smooth = (t: number) => t * t * (3 - 2 * t);

/**
 * A 12-megapixel landscape-like JPEG at quality 92 (about 3.5 MB, as a camera writes): a lightly
 * textured sky, ground with detail at every scale (1/f, like natural scenes), hard-edged shapes
 * on it, and sensor noise. A flat colour or a plain gradient would compress unrealistically well.
 */
export async function cameraLikePhoto(): Promise<Buffer> {
  const random = seededRandom(20240501);
  const texture = fractal(random, [1024, 512, 256, 128, 64, 32, 16, 8, 4, 2], (c) => {
    return 60 * (c / 1024) ** 0.25;
  });
  const shapes = fractal(random, [512, 256, 128, 64, 32, 16, 8], (c) => c);
  const tint = (c: number) => 10 * (c / 1024) ** 0.3;
  const blueDiff = fractal(random, [1024, 256, 64], tint);
  const redDiff = fractal(random, [1024, 256, 64], tint);
  const rgb = new Uint8ClampedArray(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
  const horizon = PHOTO_HEIGHT * 0.4;
  for (let y = 0; y < PHOTO_HEIGHT; y++) {
    const sky = y < horizon;
    const base = sky
      ? 205 - (50 * y) / horizon
      : 120 - (50 * (y - horizon)) / (PHOTO_HEIGHT - horizon);
    for (let x = 0; x < PHOTO_WIDTH; x++) {
      const i = y * PHOTO_WIDTH + x;
      const shape = !sky && shapes[i]! > 0;
      const noise = (random() + random() + random() - 1.5) * 8;
      const luma = base + (sky ? 0.25 : 1) * texture[i]! + noise - (shape ? 40 : 0);
      const u = (sky ? 22 : shape ? -18 : -6) + blueDiff[i]!;
      const v = (sky ? -12 : shape ? -4 : 14) + redDiff[i]!;
      rgb[i * 3] = luma + 1.402 * v;
      rgb[i * 3 + 1] = luma - 0.344 * u - 0.714 * v;
      rgb[i * 3 + 2] = luma + 1.772 * u;
    }
  }
  return sharp(Buffer.from(rgb.buffer), {
    raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 },
  })
    .jpeg({ quality: PHOTO_QUALITY })
    .toBuffer();
}

/** Signs in as the first admin; returns the `cookie` header value carrying the session. */
export async function signInAsAdmin(
  base: string,
  password: string,
  username = 'admin',
): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = await response.text();
  if (response.status !== 200) {
    throw new Error(`POST /api/auth/login answered ${response.status}: ${body.slice(0, 200)}`);
  }
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('POST /api/auth/login set no cookie');
  return cookies.join('; ');
}

export interface UploadAnswer {
  status: number;
  ms: number;
  /** The 201 answer: {url, width, height, srcset}; else the raw body, for the message. */
  body: { url: string; width: number | null; height: number | null; srcset: string } | string;
}

export async function uploadImage(
  base: string,
  cookie: string,
  jpeg: Buffer,
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/uploads/images`, {
    method: 'POST',
    headers: { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: form,
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  return { status: response.status, ms, body: response.status === 201 ? JSON.parse(text) : text };
}

/** The URL of the `width`w entry of a srcset ('/media/a.webp 400w, /media/b.webp 800w'). */
export function srcsetEntry(srcset: string, width: number): string | undefined {
  for (const entry of srcset.split(',')) {
    const [url, descriptor] = entry.trim().split(/\s+/);
    if (url && descriptor === `${width}w`) return url;
  }
  return undefined;
}

/** The bytes of a GET, throwing unless it answers 200. */
export async function fetchBytes(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const data = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return data;
}

export interface Burst {
  /** Stops starting new requests; resolves once those in flight have answered. */
  stop(): Promise<{ done: number; failures: string[]; averageMs: number }>;
}

/** One request of a burst: how long a success took, or why it failed. */
type BurstJob = () => Promise<{ ms: number } | { failure: string }>;

/** Keeps `inFlight` jobs going at all times, each starting as soon as one answers. */
export function startBurst(job: BurstJob, inFlight: number): Burst {
  let stopped = false;
  let done = 0;
  let totalMs = 0;
  const failures: string[] = [];
  const worker = async () => {
    while (!stopped) {
      let failure: string | undefined;
      try {
        const answer = await job();
        if ('ms' in answer) {
          done++;
          totalMs += answer.ms;
        } else {
          failure = answer.failure;
        }
      } catch (error) {
        failure = (error as Error).message;
      }
      if (failure !== undefined) {
        failures.push(failure);
        // Not again at full speed: a server that has gone refuses at once.
        await sleep(250);
      }
    }
  };
  const workers = Array.from({ length: inFlight }, worker);
  return {
    async stop() {
      stopped = true;
      await Promise.all(workers);
      return { done, failures, averageMs: done > 0 ? totalMs / done : 0 };
    },
  };
}

/** Keeps `inFlight` uploads of `jpeg` going at all times, each starting as soon as one answers. */
export function startUploadBurst(
  base: string,
  cookie: string,
  jpeg: Buffer,
  inFlight: number,
): Burst {
  return startBurst(async () => {
    const answer = await uploadImage(base, cookie, jpeg);
    return answer.status === 201
      ? { ms: answer.ms }
      : { failure: `status ${answer.status}: ${String(answer.body).slice(0, 200)}` };
  }, inFlight);
}
