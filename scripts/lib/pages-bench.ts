/**
 * `npm run bench`'s pages (`BENCH_ONLY=pages`): how fast the server answers a page
 * against how fast it answers a static file of about the same size, all brotli-compressed and
 * measured the same way (autocannon, after a request and a warm-up):
 * - the pre-rendered pages, `/`, `/about` and a shared filter link, the home page filtered by a
 *   category (`/?category=<id>`, as its filter links say; goal: at least PRE_RENDERED_MIN of the
 *   static rate);
 * - a page rendered per request, a search on the home page (`/?q=<the first word of the first
 *   competition's title>`; goal: at least PER_REQUEST_MIN of it).
 * The static file is the built one whose brotli copy is nearest in size to the home page's.
 */
import http from 'node:http';
import { readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_PATHS } from '../../src/shared/page-paths.ts';

const PRE_RENDERED_MIN = 0.9;
const PER_REQUEST_MIN = 0.5;
const BR = { 'accept-encoding': 'br' };

/** The part of bench.ts's autocannon measurement used here. */
export interface PageMeasurement {
  route: string;
  result: { requests: { average: number } };
}

export interface PagesBenchDeps<M extends PageMeasurement> {
  base: string;
  /** The build the server serves, where the static file is chosen. */
  clientDir: string;
  measure: (route: string, url: string, headers: Record<string, string>) => Promise<M>;
  /** Prints the measurement's JSON line with `extra` fields. */
  emit: (measurement: M, extra: Record<string, unknown>) => void;
  print: (line: string) => void;
  log: (message: string) => void;
  pinned: boolean;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The bytes an answer really travels with (undecoded), its status and encoding. */
function rawAnswer(url: string): Promise<{ status: number; encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: BR }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
          bytes,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The built asset whose brotli copy is nearest in size to `bytes`, as a URL path. */
function staticNearest(clientDir: string, bytes: number): string {
  const assets = path.join(clientDir, 'assets');
  const candidates = readdirSync(assets)
    .filter((name) => name.endsWith('.br'))
    .map((name) => ({
      name: name.slice(0, -'.br'.length),
      size: statSync(path.join(assets, name)).size,
    }))
    .sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes));
  const nearest = candidates[0];
  if (!nearest) throw new Error(`${assets} holds no brotli copies: is the build complete?`);
  return `/assets/${nearest.name}`;
}

/** The first answer of a public API list (GET path), checked to be a non-empty array. */
async function firstOf(base: string, path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) });
  const list = (await response.json()) as unknown;
  const first = Array.isArray(list) ? (list[0] as unknown) : undefined;
  if (response.status !== 200 || typeof first !== 'object' || first === null) {
    throw new Error(`GET ${path} answered ${response.status} without a first item`);
  }
  return first as Record<string, unknown>;
}

/** The id of the first category the home page can filter by. */
async function firstCategoryId(base: string): Promise<string> {
  const { id } = await firstOf(base, '/api/categories');
  if (typeof id !== 'string') throw new Error('GET /api/categories: the first has no id');
  return id;
}

/** A search an artist might type: the first word of the first competition's title. */
async function searchWord(base: string): Promise<string> {
  const { title } = await firstOf(base, '/api/competitions');
  const word = typeof title === 'string' ? title.split(/\s+/)[0] : undefined;
  if (!word) throw new Error('GET /api/competitions: the first has no title');
  return word;
}

/** Measures the pages and the static file, then prints their ratios with the goals. */
export async function benchPages<M extends PageMeasurement>(
  deps: PagesBenchDeps<M>,
): Promise<void> {
  const { base, log } = deps;
  const home = await rawAnswer(`${base}${PAGE_PATHS.home}`);
  const staticPath = staticNearest(deps.clientDir, home.bytes);
  const filtered = `${PAGE_PATHS.home}?category=${encodeURIComponent(await firstCategoryId(base))}`;
  const searched = `${PAGE_PATHS.home}?q=${encodeURIComponent(await searchWord(base))}`;
  const targets = [
    { key: 'static', route: `GET ${staticPath} (static, br)`, path: staticPath },
    { key: 'home', route: 'GET / (pre-rendered, br)', path: PAGE_PATHS.home },
    { key: 'about', route: `GET ${PAGE_PATHS.about} (pre-rendered, br)`, path: PAGE_PATHS.about },
    { key: 'filterLink', route: 'GET /?category= (pre-rendered, br)', path: filtered },
    { key: 'perRequest', route: 'GET /?q= (rendered per request, br)', path: searched },
  ] as const;
  const rates: Record<string, number> = {};
  const sizes: Record<string, number> = {};
  for (const target of targets) {
    const url = `${base}${target.path}`;
    const answer = await rawAnswer(url);
    if (answer.status !== 200) throw new Error(`GET ${target.path} answered ${answer.status}`);
    log(`  ${target.path}: ${answer.bytes} bytes ${answer.encoding}`);
    const measurement = await deps.measure(target.route, url, BR);
    rates[target.key] = measurement.result.requests.average;
    sizes[target.key] = answer.bytes;
    deps.emit(measurement, {
      path: target.path,
      bytes: answer.bytes,
      contentEncoding: answer.encoding,
      loadAverage: round2(os.loadavg()[0] ?? 0),
    });
  }
  const ratio = (key: string) =>
    (rates.static ?? 0) > 0 ? round2((rates[key] ?? 0) / (rates.static as number)) : null;
  const figures = {
    homeToStatic: ratio('home'),
    aboutToStatic: ratio('about'),
    filterLinkToStatic: ratio('filterLink'),
    perRequestToStatic: ratio('perRequest'),
  };
  const verdict = (value: number | null, min: number) =>
    value !== null && value >= min ? 'met' : 'MISSED';
  const preRendered = [figures.homeToStatic, figures.aboutToStatic, figures.filterLinkToStatic];
  log(
    `  pages against ${staticPath} (${sizes.static} bytes br, ${Math.round(rates.static ?? 0)} ` +
      `req/s): / ${figures.homeToStatic}, /about ${figures.aboutToStatic}, ${filtered} ` +
      `${figures.filterLinkToStatic} (goal >= ${PRE_RENDERED_MIN}: ` +
      `${preRendered.map((value) => verdict(value, PRE_RENDERED_MIN)).join(', ')}); ${searched} ` +
      `${figures.perRequestToStatic} (goal >= ${PER_REQUEST_MIN}: ` +
      `${verdict(figures.perRequestToStatic, PER_REQUEST_MIN)}); load ${os.loadavg()[0]?.toFixed(2)}`,
  );
  deps.print(
    JSON.stringify({
      route: 'pages / static file',
      staticPath,
      bytes: sizes,
      reqPerSec: Object.fromEntries(Object.entries(rates).map(([k, v]) => [k, Math.round(v)])),
      ...figures,
      goalMinPreRenderedToStatic: PRE_RENDERED_MIN,
      goalMinPerRequestToStatic: PER_REQUEST_MIN,
      withinGoals:
        preRendered.every((value) => verdict(value, PRE_RENDERED_MIN) === 'met') &&
        verdict(figures.perRequestToStatic, PER_REQUEST_MIN) === 'met',
      loadAverage: os.loadavg().map(round2),
      pinned: deps.pinned,
    }),
  );
}
