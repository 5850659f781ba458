/**
 * `npm run lighthouse`: Lighthouse scores of the BUILT server (`node src/server/main.ts`,
 * production settings, demo content, a throw-away data folder), in Debian's Chromium, with
 * Lighthouse's default settings (mobile, simulated throttling).
 *
 * The pages a visitor meets first: `/`, the page of the first competition `GET /api/competitions`
 * lists, its registration form, `/about`, the demo's published results ('City Lights 2026', found
 * through `GET /api/results/latest`) and `/admin` (the sign-in); or LIGHTHOUSE_PATHS
 * (comma-separated, for example `/,/about`), where `{competition}` stands for that first
 * competition's id and `{results}` for the published one's (scripts/lib/lighthouse-pages.ts).
 *
 * "The physical limit, side by side": each page is also measured as a copy with every script
 * removed, served by a local proxy in front of the same server (scripts/lib/no-script-proxy.ts),
 * run for run after ours. Ours should score within 2 Performance points of that copy.
 *
 * Each page is measured LIGHTHOUSE_RUNS times (default 3), in a fresh Chromium each time; every
 * figure is the median of its runs. A run Lighthouse could not complete (it now and then fails to
 * record a trace) is tried again, twice at most. The 1-minute load average after each run is
 * logged and kept: other work on the machine lowers Performance scores.
 *
 * stdout: a table (Performance ours and without scripts, FCP, LCP, TBT, CLS, script evaluation
 * (`bootup-time`), all main-thread work (`mainthread-work-breakdown`), the other categories, the
 * load averages), the goals (scripts/lib/lighthouse-report.ts) met or missed, then one JSON line
 * per page (one that could not be measured has an `error`). stderr: progress, and the failing
 * audits of each page's median run. The goals never fail the run: it exits non-zero only when it
 * could not measure (the server or Chromium did not start, a page did not answer 200, Lighthouse
 * failed). A copy without scripts that paints nothing (NO_FCP) is a finding, not a failure.
 *
 * CHROMIUM_PATH: the browser (default /usr/bin/chromium). LIGHTHOUSE_REPORTS: a folder that keeps
 * every run's full JSON report, to read what an audit found.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ChromeError, launchChromium } from './lib/chromium.ts';
import { findFreePort } from './lib/free-port.ts';
import { failingAudits } from './lib/lighthouse-audits.ts';
import { pathResolver, pathsWanted, runsWanted } from './lib/lighthouse-pages.ts';
import {
  CATEGORIES,
  describeRun,
  goals,
  jsonLine,
  type PageResult,
  type Run,
  runFigures,
  type Summary,
  summarize,
  table,
} from './lib/lighthouse-report.ts';
import { answers200, keepReport, PageRuntimeError, paintsNothing } from './lib/lighthouse-run.ts';
import { type NoScriptProxy, startNoScriptProxy } from './lib/no-script-proxy.ts';
import {
  appEnv,
  ROOT,
  type RunningServer,
  snapshotClientBuild,
  startServer,
  stopServer,
  waitUntilReady,
} from './lib/server.ts';

/** One Lighthouse run usually takes about 10 s; past this, Chromium is killed and the page fails. */
const RUN_TIMEOUT_MS = 120_000;
/** Tries of one run before the page counts as not measurable. */
const ATTEMPTS = 3;

const log = (message: string) => process.stderr.write(`[lighthouse] ${message}\n`);

// --- one page -----------------------------------------------------------------------------------

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
function launchChrome(setup: Setup): Promise<chromeLauncher.LaunchedChrome> {
  if (stopping) throw new ChromeError('interrupted');
  profiles += 1;
  return launchChromium(setup.chromePath, path.join(setup.scratchDir, `chrome-${profiles}`));
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
      throw new PageRuntimeError(lhr.runtimeError.code, lhr.runtimeError.message);
    }
    for (const warning of lhr.runWarnings) log(`  Lighthouse warning: ${warning}`);
    keepReport(url, result.report);
    return runFigures(lhr, os.loadavg()[0] ?? 0);
  } finally {
    clearTimeout(timer);
    currentChrome = undefined;
    chrome.kill();
  }
}

/** The highest 1-minute load average seen after a run: other work skews Performance scores. */
let busiestLoad = 0;

/** One run of `url`, tried again when Lighthouse fails; `label` names it in the progress. */
async function measuredRun(
  url: string,
  label: string,
  setup: Setup,
  isFinal: (error: unknown) => boolean = () => false,
): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    try {
      const run = await runOnce(url, setup);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      busiestLoad = Math.max(busiestLoad, run.load);
      log(`  ${label}: ${describeRun(run)} (${seconds} s, load ${run.load.toFixed(2)})`);
      return run;
    } catch (error) {
      // Lighthouse now and then fails to record a trace (NO_NAVSTART, "Please run Lighthouse
      // again"), more often on a busy machine: such a run is tried again, twice at most.
      if (error instanceof ChromeError || stopping || attempt === ATTEMPTS || isFinal(error)) {
        throw error;
      }
      log(`  ${label} failed (${(error as Error).message}): trying it again`);
    }
  }
}

/** Our page and its copy without scripts, run for run, so both meet the same load. */
async function measurePage(page: string, setup: Setup, proxy: NoScriptProxy): Promise<PageResult> {
  const { runs } = setup;
  const url = `${setup.base}${page}`;
  const copyUrl = `${proxy.base}${page}`;
  await answers200(url, page);
  await answers200(copyUrl, `${page} (without scripts)`);
  const result: PageResult = { page, runs: [], copyRuns: [] };
  for (let i = 1; i <= runs; i++) {
    result.runs.push(await measuredRun(url, `run ${i}/${runs}`, setup));
    if (result.copyNote !== undefined) continue;
    try {
      const label = `run ${i}/${runs} without scripts`;
      result.copyRuns.push(await measuredRun(copyUrl, label, setup, paintsNothing));
    } catch (error) {
      if (error instanceof ChromeError || stopping) throw error;
      // Our page's figures still count; the comparison is left out.
      result.copyNote = paintsNothing(error)
        ? 'paints nothing without scripts (NO_FCP): the page is drawn by its scripts'
        : `could not be measured: ${(error as Error).message}`;
      if (!paintsNothing(error)) result.error = `without scripts: ${(error as Error).message}`;
      log(`  ${page} without scripts ${result.copyNote}`);
    }
  }
  return result;
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
  // The app's data folder, its copy of the build and Chromium's profiles, removed at the end.
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), 'white-stroke-lighthouse-'));
  const dataDir = path.join(scratchDir, 'data');
  mkdirSync(dataDir);
  let server: RunningServer | undefined;
  let proxy: NoScriptProxy | undefined;
  let clientDir: string | undefined;
  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= (async () => {
      stopping = true;
      currentChrome?.kill();
      await proxy?.close();
      if (server) await stopServer(server);
      rmSync(scratchDir, { recursive: true, force: true, maxRetries: 5 });
      if (clientDir) rmSync(clientDir, { recursive: true, force: true, maxRetries: 5 });
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
    clientDir = snapshotClientBuild(log);
    const port = await findFreePort();
    server = startServer(
      'White Stroke',
      path.join(ROOT, 'src/server/main.ts'),
      { ...appEnv(dataDir, port), CLIENT_DIR: clientDir },
      log,
    );
    const base = `http://127.0.0.1:${port}`;
    await waitUntilReady(server, `${base}/api/health`);
    const setup: Setup = { base, runs, chromePath, scratchDir };

    proxy = await startNoScriptProxy(base, await findFreePort());

    const resolve = pathResolver(base);
    const results: PageResult[] = [];
    for (const template of pages) {
      let page = template;
      try {
        page = await resolve(template);
        log(`${page}: ${runs} run${runs === 1 ? '' : 's'}, each also without scripts`);
        results.push(await measurePage(page, setup, proxy));
      } catch (error) {
        if (error instanceof ChromeError) throw error;
        const message = (error as Error).message;
        log(`${page}: FAILED: ${message}`);
        results.push({ page, runs: [], copyRuns: [], error: message });
      }
    }

    const summaries = new Map<string, Summary>();
    for (const result of results) {
      if (result.runs.length > 0) summaries.set(result.page, summarize(result));
    }
    for (const summary of summaries.values()) {
      const lines = failingAudits(summary);
      log(
        lines.length === 0
          ? `${summary.page}: no failing audits in the median run`
          : `${summary.page}: failing audits in the median run:\n${lines.join('\n')}`,
      );
    }
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
