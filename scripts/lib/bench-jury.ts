/** bench.ts's jury round and results, on the review's data. */
import { type Engine, openDatabase } from '../../src/server/db/database.ts';
import { JURY_ENTRIES, type JuryBench, seedJuryRound } from './jury-bench.ts';
import { benchResults } from './results-bench.ts';
import { waitUntilIdle } from './review-bench.ts';
import { signInAsAdmin } from './uploads.ts';
import { startServer, stopServer, waitUntilReady } from './server.ts';
import { log, measure, REVIEW_TIMEOUT_SECONDS } from './bench-measure.ts';
import type { BenchRun } from './bench-report.ts';
import { cpu0 } from './bench-servers.ts';

/** A juror's next work in a round of JURY_ENTRIES, on the review's data, after the review. */
export async function benchJury(
  run: BenchRun,
  engine: Engine,
  env: NodeJS.ProcessEnv,
  base: string,
  main: string,
): Promise<void> {
  const { duration, ceiling, pinned, servers, print, emit } = run;
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
    run.failed = true;
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
    run.failed = true;
    log(`  FAILED: publishing results: ${(error as Error).message}`);
  }
  await stopServer(app);
}
