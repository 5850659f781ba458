/**
 * `npm run load:votes`: the people's-choice vote under load. LOAD_VOTERS (default 2000) voters
 * over LOAD_DURATION_MS (default 10 minutes), each from an address of its own with an e-mail
 * address of its own (most on gmail.com, as a real public's): it asks for a code, reads it from the outbox in
 * the site's database, confirms it (a cookie) and votes for a work. Most vote as soon as they are
 * confirmed; LOAD_BURSTS (default 4) times, LOAD_BURST (default 200) confirmed voters vote within
 * one second; now and then a vote is sent twice, as a double tap would. Visitors browse the
 * exhibition's gallery (its page, drawn on the server, and its API), LOAD_VISITS_PER_SECOND
 * (default 100) visits a second arriving whether or not earlier ones were answered, in a thread
 * of their own (lib/load-browsers.ts): alone first for LOAD_QUIET_MS (default a quarter of the
 * run, at most 30 s: the quiet baseline), then all through the run.
 *
 * Through the cluster it also reports the same visits as nginx timed them (its access log), which
 * the load's client, sharing the machine's cores, does not slow down.
 *
 * Checks: every vote answered 201 is in the `votes` table exactly once and every stored vote was
 * answered 201 (none lost, none twice); no answer is a 5xx (or none); every refusal is a 409 or a
 * 429 with the API's envelope; the gallery's p99 during the bursts is at most twice the quiet one.
 *
 * LOAD_QUICK=1: 200 voters over one minute, bursts of 50 (or set LOAD_VOTERS, LOAD_DURATION_MS,
 * LOAD_BURST). The site, as `npm run load`'s: its own built server with demo content (its open
 * exhibition's vote) on SQLite, LOAD_ENGINE=postgres for PostgreSQL, LOAD_URL for a running site
 * (with TRUST_PROXY=true and its DATA_DIR or DATABASE_URL, to read the codes and the votes), or
 * the cluster: `node scripts/cluster.ts node scripts/load-votes.ts`.
 *
 * stdout: one JSON line per kind of request (count, statuses, p50/p99, load average), then the
 * checks. Exits 1 when a check fails.
 */
import os from 'node:os';
import { openDatabase } from '../src/server/db/database.ts';
import {
  checkVotes,
  settledGallery,
  sleepUntil,
  startVisitors,
  tallyVisits,
  visitsAtNginx,
} from './lib/load-gallery.ts';
import { round, Tally } from './lib/load-tally.ts';
import { runningSite, startOwnSite } from './lib/load-site.ts';
import {
  type Answer,
  clusterMode,
  confirmVoter,
  makeVoter,
  post,
  type Voter,
} from './lib/load-voters.ts';

const log = (message: string) => process.stderr.write(`[load:votes] ${message}\n`);
const QUICK = process.env.LOAD_QUICK === '1';
const setting = (name: string, quick: number, full: number) =>
  Number(process.env[name] ?? (QUICK ? quick : full));
const VOTERS = setting('LOAD_VOTERS', 200, 2000);
const DURATION_MS = setting('LOAD_DURATION_MS', 60_000, 600_000);
const BURST = setting('LOAD_BURST', 50, 200);
/** At most half the voters vote in bursts: the rest make the steady traffic between them. */
const BURSTS = Math.min(setting('LOAD_BURSTS', 4, 4), Math.floor(VOTERS / 2 / BURST));
/** Gallery visits a second (the page and its API in turn), all through the run. */
const VISITS_PER_SECOND = setting('LOAD_VISITS_PER_SECOND', 100, 100);
const QUIET_MS = setting('LOAD_QUIET_MS', 15_000, Math.min(30_000, DURATION_MS / 4));
/** Voters start over the first 90% of the run: the last ones' votes still land within it. */
const START_SPAN_MS = DURATION_MS * 0.9;
/** A burst's voters start this long before it at the latest, to be confirmed when it comes. */
const BURST_MARGIN_MS = Math.min(3000, DURATION_MS / (BURSTS + 1) / 2);

const report = (summary: object) =>
  console.log(JSON.stringify({ ...summary, loadAverage: round(os.loadavg()[0] ?? 0) }));

/** Which burst each voter votes in and its place there, or none: the earliest voters in time. */
function burstsOf(starts: readonly number[], burstAt: readonly number[]) {
  const assigned: ({ k: number; place: number } | undefined)[] = starts.map(() => undefined);
  let next = 0;
  for (const [k, at] of burstAt.entries()) {
    let place = 0;
    while (place < BURST && next < starts.length && (starts[next] ?? 0) <= at - BURST_MARGIN_MS)
      assigned[next++] = { k, place: place++ };
  }
  return assigned;
}

const p99 = (tally: Tally) => tally.summary().p99Ms;

/** p99 during bursts over the quiet one. nginx times to the millisecond: `floorMs` 1 there. */
function ratioOf(bursting: Tally, calm: Tally, floorMs = 0): number | undefined {
  // Through the cluster no visit may reach an app server in a burst: nginx answers them all.
  if (bursting.answers.length === 0) return undefined;
  const calmMs = Math.max(p99(calm), floorMs);
  return calmMs > 0
    ? Math.round((Math.max(p99(bursting), floorMs) / calmMs) * 100) / 100
    : undefined;
}

/**
 * The load's client stands for the voters' and visitors' own devices, so it runs ahead of the
 * site (nice -10, which needs root): its timings then leave out its wait for the CPU that the
 * servers and PostgreSQL share with it here. Called once the site's own server has started (a
 * child would inherit it); the visitors' thread, started after, inherits it.
 */
function runAheadOfTheSite(): string {
  try {
    os.setPriority(-10);
    return 'nice -10';
  } catch (error) {
    log(`the client runs at the site's priority: ${(error as Error).message}`);
    return 'as the site';
  }
}

async function main(): Promise<number> {
  const cluster = clusterMode();
  const url = process.env.LOAD_URL ?? process.env.CLUSTER_URL;
  const site = url ? runningSite(url) : await startOwnSite(log);
  const clientPriority = runAheadOfTheSite();
  const { base } = site;
  const voters: Voter[] = [];
  let closeDatabase = async () => {};
  try {
    const database = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
    closeDatabase = () => database.close();
    const gallery = await settledGallery(base);
    const { competitionId } = gallery;
    const stamp = Date.now().toString(36);
    const workIds = gallery.works.map((w) => w.workId);
    for (let n = 1; n <= VOTERS; n += 1) voters.push(makeVoter(n, stamp, workIds, cluster));

    // The gallery as visitors see it: the page drawn on the server, then its API; alone first.
    const galleryPaths = [`/exhibitions/${competitionId}`, `/api/exhibitions/${competitionId}`];
    // Drawn once before anything is timed: the baseline is the site as it runs, not its first draw.
    for (const path of galleryPaths) await (await fetch(`${base}${path}`)).arrayBuffer();
    const visitors = startVisitors(base, galleryPaths, VISITS_PER_SECOND);
    const now = () => performance.timeOrigin + performance.now();
    log(`browsing the quiet gallery for ${QUIET_MS / 1000} s`);
    await sleepUntil(performance.now() + QUIET_MS);
    const runFrom = now();
    // Each burst from its second until its last vote's answer; a visit is tallied by its start.
    const burstWindows: [number, number][] = [];

    const asked = new Tally('vote: code requests');
    const confirmed = new Tally('vote: confirmations');
    const voting = new Tally('vote: votes');
    const inBursts = new Tally('vote: votes in bursts');
    const problems: string[] = [];
    const votes: { voter: Voter; answer: Answer }[] = [];
    const on = {
      asked: (a: Answer) => asked.add(a.status, a.ms),
      confirmed: (a: Answer) => confirmed.add(a.status, a.ms),
      problem: (message: string) => problems.push(message),
    };
    const vote = async (voter: Voter, tally: Tally) => {
      const answer = await post(base, `/api/competitions/${competitionId}/votes`, voter, {
        workId: voter.workId,
      });
      tally.add(answer.status, answer.ms);
      votes.push({ voter, answer });
    };

    const started = performance.now();
    const burstAt = Array.from(
      { length: BURSTS },
      (_, k) => ((k + 1) * DURATION_MS) / (BURSTS + 1),
    );
    const starts = voters.map((_, i) => (i * START_SPAN_MS) / VOTERS);
    const burstOf = burstsOf(starts, burstAt);
    const groups: Promise<void>[][] = burstAt.map(() => []);
    let late = 0;
    log(
      `${VOTERS} voters over ${DURATION_MS / 1000} s, ${BURSTS} bursts of up to ${BURST} ` +
        `at ${burstAt.map((at) => round(at / 1000)).join(', ')} s, against ${base}`,
    );
    const runs = voters.map((voter, i) => {
      const burst = burstOf[i];
      const run = (async () => {
        await sleepUntil(started + (starts[i] ?? 0));
        if (!(await confirmVoter(base, database, competitionId, voter, on))) return;
        if (!burst) {
          // A double tap now and then: the second must be refused, the vote counted once.
          await Promise.all(
            i % 50 === 0 ? [vote(voter, voting), vote(voter, voting)] : [vote(voter, voting)],
          );
          return;
        }
        const at = started + (burstAt[burst.k] ?? 0);
        if (performance.now() > at) late += 1;
        // The burst's votes are spread evenly over its one second.
        await sleepUntil(at + (burst.place / BURST) * 1000);
        await vote(voter, inBursts);
      })();
      if (burst) groups[burst.k]?.push(run);
      return run;
    });
    const bursts = burstAt.map(async (at, k) => {
      await sleepUntil(started + at);
      const from = now();
      await Promise.all(groups[k] ?? []);
      burstWindows.push([from, now()]);
    });
    await Promise.all([...runs, ...bursts]);
    const seconds = round((performance.now() - started) / 1000);
    const visits = await visitors.stop();
    log(`the run took ${seconds} s`);
    const { quiet, during, between } = tallyVisits(visits, runFrom, burstWindows);
    for (const tally of [asked, confirmed, voting, inBursts, quiet, during, between])
      report(tally.summary());
    const accessLog = process.env.CLUSTER_ACCESS_LOG;
    const atNginx = accessLog
      ? tallyVisits(visitsAtNginx(accessLog, galleryPaths), runFrom, burstWindows, ' at nginx')
      : undefined;
    const atApp = accessLog
      ? tallyVisits(visitsAtNginx(accessLog, galleryPaths, true), runFrom, burstWindows, ' at app')
      : undefined;
    for (const at of [atNginx, atApp])
      for (const tally of at ? [at.quiet, at.during, at.between] : []) report(tally.summary());

    // The checks, against what the site stored.
    const stored = await database.db
      .selectFrom('votes')
      .select('email')
      .where('competition_id', '=', competitionId)
      .where('email', 'like', `%.${stamp}@%`)
      .execute();
    const answered = checkVotes(votes, stored, problems);
    for (const tally of [asked, confirmed, quiet, during, between]) {
      const failed = tally.answers.filter((a) => a.status >= 500 || a.status === 0).length;
      if (failed > 0) problems.push(`${tally.kind}: ${failed} answers were 5xx or none`);
    }
    const ratio = ratioOf(during, quiet);
    if (during.answers.length === 0) problems.push('the gallery was not browsed during a burst');
    else if (ratio === undefined || ratio > 2)
      problems.push(`the gallery's p99 during bursts is ${ratio}× the quiet one (at most 2×)`);
    const confirmedVoters = voters.filter((v) => v.cookie).length;
    report({
      kind: 'checks',
      engine: cluster ? 'cluster' : site.databaseUrl ? 'postgres' : 'sqlite',
      voters: VOTERS,
      confirmed: confirmedVoters,
      votesAnswered201: answered.size,
      votesStored: stored.length,
      votesInBursts: inBursts.answers.length,
      burstVotersLate: late,
      bursts: BURSTS,
      clientPriority,
      seconds,
      galleryP99QuietMs: p99(quiet),
      galleryP99DuringBurstsMs: p99(during),
      galleryP99Ratio: ratio,
      ...(atNginx
        ? {
            galleryAtNginxP99QuietMs: p99(atNginx.quiet),
            galleryAtNginxP99DuringBurstsMs: p99(atNginx.during),
            galleryAtNginxP99Ratio: ratioOf(atNginx.during, atNginx.quiet, 1),
          }
        : {}),
      ...(atApp ? { galleryAtAppP99Ratio: ratioOf(atApp.during, atApp.quiet, 1) } : {}),
      problems: problems.slice(0, 20),
      problemCount: problems.length,
      loadAverages: os.loadavg().map(round),
    });
    return problems.length === 0 ? 0 : 1;
  } finally {
    await Promise.all(voters.map((v) => v.dispatcher?.close()));
    await closeDatabase();
    await site.stop();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  log((error as Error).stack ?? String(error));
  return 1;
});
