/**
 * `npm run lighthouse`: Lighthouse scores of the BUILT server (`node src/server/main.ts`,
 * production settings, demo content, a throw-away data folder), in Debian's Chromium, with
 * Lighthouse's default settings (mobile, simulated throttling).
 *
 * Each page is measured LIGHTHOUSE_RUNS times (default 3), in a fresh Chromium each time; every
 * figure is the median of its runs, per category. A run Lighthouse could not complete (it now and
 * then fails to record a trace) is tried again, twice at most. The pages are `/` and the page of the first
 * competition `GET /api/competitions` lists, or LIGHTHOUSE_PATHS (comma-separated, for example
 * `/,/about`) instead; `{competition}` in a path stands for that first competition's id.
 *
 * stdout: a table, the goals met or missed, then one JSON line per page (a page that could not be
 * measured has an `error` instead of figures). stderr: progress, and the failing audits of each
 * page's median run. The goals (Performance >= 95, Accessibility 100) never fail the run: it exits
 * non-zero only when it could not measure (the server or Chromium did not start, a page did not
 * answer 200, Lighthouse failed).
 *
 * CHROMIUM_PATH: the browser (default /usr/bin/chromium).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { findFreePort } from './lib/free-port.ts';
import {
  appEnv,
  buildClientIfMissing,
  firstCompetitionId,
  ROOT,
  type RunningServer,
  startServer,
  stopServer,
  waitUntilReady,
} from './lib/server.ts';

const DEFAULT_PATHS = ['/', '/competition/{competition}'];
const CATEGORIES = [
  { id: 'performance', key: 'performance', label: 'Perf' },
  { id: 'accessibility', key: 'accessibility', label: 'A11y' },
  { id: 'best-practices', key: 'bestPractices', label: 'Best pr.' },
  { id: 'seo', key: 'seo', label: 'SEO' },
] as const;
type CategoryKey = (typeof CATEGORIES)[number]['key'];
const GOALS: { key: CategoryKey; label: string; min: number }[] = [
  { key: 'performance', label: 'Performance', min: 95 },
  { key: 'accessibility', label: 'Accessibility', min: 100 },
];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
];
/** One Lighthouse run usually takes about 10 s; past this, Chromium is killed and the page fails. */
const RUN_TIMEOUT_MS = 120_000;
/** Tries of one run before the page counts as not measurable. */
const ATTEMPTS = 3;

const log = (message: string) => process.stderr.write(`[lighthouse] ${message}\n`);

/** A failure of the browser itself: measuring further pages would fail the same way. */
class ChromeError extends Error {}

function runsWanted(): number {
  const raw = process.env.LIGHTHOUSE_RUNS;
  if (raw === undefined || raw === '') return 3;
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`LIGHTHOUSE_RUNS must be a whole number, 1 or more (got "${raw}")`);
  }
  return runs;
}

function pathsWanted(): string[] {
  const raw = process.env.LIGHTHOUSE_PATHS;
  if (raw === undefined || raw.trim() === '') return DEFAULT_PATHS;
  const paths = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of paths) {
    if (!entry.startsWith('/')) {
      throw new Error(`LIGHTHOUSE_PATHS entries must start with / (got "${entry}")`);
    }
  }
  return paths;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  return ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

// --- one page -----------------------------------------------------------------------------------

interface Run {
  scores: Record<CategoryKey, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lhr: Result;
}

interface PageResult {
  page: string;
  runs: Run[];
  error?: string;
}

function score(lhr: Result, categoryId: string): number {
  const value = lhr.categories[categoryId]?.score;
  if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${categoryId} score`);
  return Math.round(value * 100);
}

function numericValue(lhr: Result, auditId: string): number {
  const value = lhr.audits[auditId]?.numericValue;
  if (typeof value !== 'number') throw new Error(`Lighthouse gave no value for ${auditId}`);
  return value;
}

/** Where one measuring session runs: the app's address, the browser, a scratch folder. */
interface Setup {
  base: string;
  runs: number;
  chromePath: string;
  scratchDir: string;
}

/** Set on Ctrl-C or SIGTERM: no Chromium is started after it. */
let stopping = false;
let currentChrome: chromeLauncher.LaunchedChrome | undefined;
let profiles = 0;

/** A fresh Chromium with its own profile folder in the scratch folder. */
async function launchChrome(setup: Setup): Promise<chromeLauncher.LaunchedChrome> {
  if (stopping) throw new ChromeError('interrupted');
  profiles += 1;
  const userDataDir = path.join(setup.scratchDir, `chrome-${profiles}`);
  mkdirSync(userDataDir);
  try {
    // This script stops Chromium itself on Ctrl-C, after the server: no exit from the launcher.
    return await chromeLauncher.launch({
      chromePath: setup.chromePath,
      chromeFlags: CHROME_FLAGS,
      userDataDir,
      handleSIGINT: false,
    });
  } catch (error) {
    // The launcher leaves a Chromium that never opened its debugging port running: stop it.
    const pidFile = path.join(userDataDir, 'chrome.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : 0;
    if (pid > 0) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    const errLog = path.join(userDataDir, 'chrome-err.log');
    const output = existsSync(errLog) ? readFileSync(errLog, 'utf8').trim().slice(-2_000) : '';
    throw new ChromeError(
      `Chromium (${setup.chromePath}) did not start: ${(error as Error).message}` +
        (output ? `; its output:\n${output}` : ''),
    );
  }
}

/** One Lighthouse run of `url` in a fresh Chromium. */
async function runOnce(url: string, setup: Setup): Promise<Run> {
  const chrome = await launchChrome(setup);
  currentChrome = chrome;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`Lighthouse did not finish within ${RUN_TIMEOUT_MS / 1000} s`));
      }, RUN_TIMEOUT_MS);
    });
    const running = lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES.map((category) => category.id),
    });
    // After a timeout, killing Chromium makes the abandoned run fail: not an unhandled rejection.
    running.catch(() => {});
    const result = await Promise.race([running, timeout]);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) {
      throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    }
    for (const warning of lhr.runWarnings) log(`  Lighthouse warning: ${warning}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => [category.key, score(lhr, category.id)]),
    ) as Record<CategoryKey, number>;
    return {
      scores,
      lcpMs: numericValue(lhr, 'largest-contentful-paint'),
      tbtMs: numericValue(lhr, 'total-blocking-time'),
      cls: numericValue(lhr, 'cumulative-layout-shift'),
      lhr,
    };
  } finally {
    clearTimeout(timer);
    currentChrome = undefined;
    chrome.kill();
  }
}

/** The highest 1-minute load average seen after a run: other work skews Performance scores. */
let busiestLoad = 0;

async function measurePage(page: string, setup: Setup): Promise<Run[]> {
  const { runs } = setup;
  const url = `${setup.base}${page}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${page} answered ${response.status}, not 200`);
  const results: Run[] = [];
  for (let i = 1; i <= runs; i++) {
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      try {
        const run = await runOnce(url, setup);
        results.push(run);
        const figures = CATEGORIES.map((c) => `${c.label} ${run.scores[c.key]}`).join(', ');
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const load = os.loadavg()[0] ?? 0;
        busiestLoad = Math.max(busiestLoad, load);
        log(`  run ${i}/${runs}: ${figures} (${seconds} s, load ${load.toFixed(1)})`);
        break;
      } catch (error) {
        // Lighthouse now and then fails to record a trace (NO_NAVSTART, "Please run Lighthouse
        // again"), more often on a busy machine: such a run is tried again, twice at most.
        if (error instanceof ChromeError || stopping || attempt === ATTEMPTS) throw error;
        log(`  run ${i}/${runs} failed (${(error as Error).message}): trying it again`);
      }
    }
  }
  return results;
}

// --- reporting ----------------------------------------------------------------------------------

interface Summary {
  page: string;
  runs: number;
  scores: Record<CategoryKey, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The run with the median Performance score (of an even count, the higher middle one). */
  medianRun: Run;
}

function summarize(page: string, runs: Run[]): Summary {
  const byPerformance = [...runs].sort(
    (a, b) => a.scores.performance - b.scores.performance || b.lcpMs - a.lcpMs,
  );
  return {
    page,
    runs: runs.length,
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c.key, Math.round(median(runs.map((run) => run.scores[c.key])))]),
    ) as Record<CategoryKey, number>,
    lcpMs: Math.round(median(runs.map((run) => run.lcpMs))),
    tbtMs: Math.round(median(runs.map((run) => run.tbtMs))),
    cls: Math.round(median(runs.map((run) => run.cls)) * 1000) / 1000,
    medianRun: byPerformance[Math.floor(runs.length / 2)] as Run,
  };
}

/** Audits of the median run that the report shows as not passed, per category. */
function logFailingAudits(summary: Summary): void {
  const { lhr } = summary.medianRun;
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category.id]?.auditRefs ?? []) {
      // The 'hidden' group holds audits the report does not show (such as Time to Interactive).
      if (ref.group === 'hidden') continue;
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') {
        continue;
      }
      const detail = audit.displayValue ? `: ${audit.displayValue}` : '';
      lines.push(`  [${category.label}] ${audit.title}${detail} (score ${audit.score})`);
    }
  }
  for (const audit of Object.values(lhr.audits)) {
    if (audit.scoreDisplayMode === 'error') {
      lines.push(`  [error] ${audit.title}: ${audit.errorMessage ?? 'no message'}`);
    }
  }
  log(
    lines.length === 0
      ? `${summary.page}: no failing audits in the median run`
      : `${summary.page}: failing audits in the median run:\n${lines.join('\n')}`,
  );
}

function table(results: PageResult[], summaries: Map<string, Summary>): string {
  const header = ['page', 'runs', ...CATEGORIES.map((c) => c.label), 'LCP ms', 'TBT ms', 'CLS'];
  const rows = results.map((result) => {
    const summary = summaries.get(result.page);
    if (!summary) return [result.page, '0', ...CATEGORIES.map(() => '-'), '-', '-', '-'];
    return [
      summary.page,
      String(summary.runs),
      ...CATEGORIES.map((c) => String(summary.scores[c.key])),
      String(summary.lcpMs),
      String(summary.tbtMs),
      String(summary.cls),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const format = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)]
    .map((line) => `${line}\n`)
    .join('');
}

function goals(summaries: Summary[]): string {
  return GOALS.map((goal) => {
    const verdicts = summaries.map((summary) => {
      const value = summary.scores[goal.key];
      return `${summary.page} ${value} ${value >= goal.min ? 'met' : 'MISSED'}`;
    });
    const target = goal.min === 100 ? '100' : `>= ${goal.min}`;
    return `Goal ${goal.label} ${target}: ${verdicts.join(', ') || 'nothing measured'}\n`;
  }).join('');
}

function jsonLine(result: PageResult, summary: Summary | undefined): string {
  if (!summary) return JSON.stringify({ page: result.page, runs: 0, error: result.error });
  return JSON.stringify({
    page: summary.page,
    runs: summary.runs,
    ...summary.scores,
    lcpMs: summary.lcpMs,
    tbtMs: summary.tbtMs,
    cls: summary.cls,
  });
}

// --- the run ------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const runs = runsWanted();
  const pages = pathsWanted();
  const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    throw new Error(
      `No Chromium at ${chromePath}: install Debian's chromium (apt-get install chromium) or set ` +
        'CHROMIUM_PATH to a Chromium binary',
    );
  }
  buildClientIfMissing(log);

  // The app's data folder and Chromium's profiles, all removed at the end.
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), 'white-stroke-lighthouse-'));
  const dataDir = path.join(scratchDir, 'data');
  mkdirSync(dataDir);
  let server: RunningServer | undefined;
  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= (async () => {
      stopping = true;
      currentChrome?.kill();
      if (server) await stopServer(server);
      rmSync(scratchDir, { recursive: true, force: true, maxRetries: 5 });
    })();
    return cleaned;
  };
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal} received: stopping Chromium and the server, cleaning up`);
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const port = await findFreePort();
    server = startServer(
      'White Stroke',
      path.join(ROOT, 'src/server/main.ts'),
      appEnv(dataDir, port),
      log,
    );
    const base = `http://127.0.0.1:${port}`;
    await waitUntilReady(server, `${base}/api/health`);
    const setup: Setup = { base, runs, chromePath, scratchDir };

    let competitionId: Promise<string> | undefined;
    const results: PageResult[] = [];
    for (const template of pages) {
      let page = template;
      try {
        if (template.includes('{competition}')) {
          competitionId ??= firstCompetitionId(base);
          page = template.replaceAll('{competition}', await competitionId);
        }
        log(`${page}: ${runs} run${runs === 1 ? '' : 's'}`);
        results.push({ page, runs: await measurePage(page, setup) });
      } catch (error) {
        if (error instanceof ChromeError) throw error;
        const message = (error as Error).message;
        log(`${page}: FAILED: ${message}`);
        results.push({ page, runs: [], error: message });
      }
    }

    const summaries = new Map<string, Summary>();
    for (const result of results) {
      if (result.runs.length > 0) summaries.set(result.page, summarize(result.page, result.runs));
    }
    for (const summary of summaries.values()) logFailingAudits(summary);
    if (busiestLoad > os.availableParallelism()) {
      log(
        `warning: the machine was busy (load average up to ${busiestLoad.toFixed(1)} on ` +
          `${os.availableParallelism()} CPUs): Performance scores come out lower than on an idle one`,
      );
    }

    process.stdout.write(table(results, summaries));
    process.stdout.write(goals([...summaries.values()]));
    for (const result of results) {
      process.stdout.write(`${jsonLine(result, summaries.get(result.page))}\n`);
    }

    const failed = results.filter((result) => result.error !== undefined);
    if (failed.length > 0) {
      log(`Could not measure ${failed.map((result) => result.page).join(', ')}: exiting with 1`);
    }
    return failed.length > 0 ? 1 : 0;
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  log(`failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
