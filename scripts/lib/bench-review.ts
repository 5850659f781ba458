/** bench.ts's review section: the submissions review on one engine, then its jury round. */
import os from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describePostgresUrl, type Engine, openDatabase } from '../../src/server/db/database.ts';
import {
  countSubmissions,
  listSubmissions,
} from '../../src/server/features/review/review.service.ts';
import { ReviewQuerySchema } from '../../src/shared/schemas/review.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema.ts';
import { findFreePort } from './free-port.ts';
import { createPgDatabase, PG_ADMIN_URL } from './pg-database.ts';
import { explainQueries } from './query-plans.ts';
import {
  deepPosition,
  type DeepPosition,
  generateSubmissions,
  REVIEW_ROWS,
  REVIEW_VIEWS,
  countsUrl,
  reviewUrl,
  settleAfterLoad,
  waitUntilIdle,
} from './review-bench.ts';
import { signInAsAdmin } from './uploads.ts';
import { appEnv, ROOT, startServer, stopServer, waitUntilReady } from './server.ts';
import { log, measure, type MeasureOptions, REVIEW_TIMEOUT_SECONDS } from './bench-measure.ts';
import { type BenchRun, met, round } from './bench-report.ts';
import { cpu0 } from './bench-servers.ts';
import { benchJury } from './bench-jury.ts';

/** The deep page at least this share of the first page's requests per second... */
const REVIEW_MIN_DEEP_RATIO = 0.5;
/** ...and both pages' p99 at most this. */
const REVIEW_MAX_P99_MS = 100;

interface PreparedViews {
  positions: Map<string, DeepPosition>;
  queryMs: Map<string, number[]>;
}

/** Writes the review's rows, then finds each view's deep page and explains its queries. */
async function prepareViews(run: BenchRun, engine: Engine, db: Kysely<DB>): Promise<PreparedViews> {
  const { print } = run;
  const positions = new Map<string, DeepPosition>();
  const queryMs = new Map<string, number[]>();
  const generated = await generateSubmissions(db, REVIEW_ROWS, log);
  const settleStarted = performance.now();
  await settleAfterLoad(db, engine);
  const settleMs = performance.now() - settleStarted;
  log(
    `  ${REVIEW_ROWS} submissions in ${round(generated.ms / 1000, 1)} s ` +
      `(${generated.competitions} competitions)` +
      (engine === 'postgres' ? `, then VACUUM ANALYZE in ${round(settleMs / 1000, 1)} s` : ''),
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
    const position = await deepPosition(db, view);
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
      const explained = await explainQueries(db, engine, (db) =>
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
  return { positions, queryMs };
}

/** 5. The submissions review with REVIEW_ROWS generated entries, on one engine. */
export async function benchReview(run: BenchRun, engine: Engine): Promise<void> {
  const { duration, ceiling, pinned, servers, afterServers, print, emit } = run;
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
  let prepared: PreparedViews;
  try {
    prepared = await prepareViews(run, engine, database.db);
  } finally {
    await database.close();
  }

  const app = startServer(`White Stroke (${engine})`, main, env, log, cpu0(pinned));
  servers.push(app);
  await waitUntilReady(app, `${base}/api/health`);
  const { positions, queryMs } = prepared;
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
      run.failed = true;
      log(
        `  FAILED: the deep page of ${view.name} answered ${check.status} and starts with ` +
          `${answer.items?.[0]?.id ?? 'nothing'}, not ${position.expectedFirstId}`,
      );
    }
    const common = { engine, view: view.name, viewRows: position.viewRows };
    const route = `GET /api/admin/submissions?${view.name} (${engine})`;
    const first = await measure(`${route} first page`, firstUrl, duration, headers, reviewOptions);
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
  await benchJury(run, engine, env, base, main);
}
