/**
 * `npm run load`: LOAD_REGISTRATIONS (default 200) registrations at once, each with the two
 * pictures an artist's browser sends (from a 12-megapixel camera photo), while visitors browse
 * the public pages and an admin lists the submissions; then it checks the database and the
 * storage: every accepted registration is there once with its files (its pictures made after the
 * answer, waited for), every refusal is a 429 or a 503 with the API's envelope, no answer is a
 * 500, and no file is left unclaimed. The public pages are browsed alone first, for a baseline.
 *
 * The site: by default the built server started here with demo content on a fresh SQLite
 * DATA_DIR, or, with LOAD_ENGINE=postgres, on a fresh database of the PostgreSQL server at
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 * With LOAD_URL, a site already running: the environment then holds what `npm start` was given
 * (DATA_DIR, DATABASE_URL, S3_*, for the checks; ADMIN_PASSWORD, for the admin's listing), and
 * the site must trust its proxy (TRUST_PROXY=true), since each artist comes from an address of
 * its own (X-Forwarded-For), as real artists do, rather than meeting the per-address limit.
 * Run by `node scripts/cluster.ts node scripts/load.ts`, it loads the cluster through nginx.
 *
 * stdout: one JSON line per kind of request (count, statuses, p50/p99), then the checks, with
 * the load average. Exits 1 when a check fails.
 *
 * LOAD_SCENARIO=works: 50 artists at once, each entering three works of camera originals
 * (scripts/lib/load-works.ts), with the servers' peak memory and the pictures' time.
 */
import os from 'node:os';
import type { Kysely } from 'kysely';
import { Agent, setGlobalDispatcher } from 'undici';
import { openDatabase } from '../src/server/db/database.ts';
import type { DB } from '../src/server/db/schema.ts';
import {
  displayKeyOf,
  largeKeyOf,
  uploadKeyOf,
} from '../src/server/features/media/private-images.ts';
import { createStorage } from '../src/server/features/media/storage/storage.ts';
import { keepAsking, round, Tally } from './lib/load-tally.ts';
import { runningSite, startOwnSite } from './lib/load-site.ts';
import { runWorksScenario } from './lib/load-works.ts';
import { openCompetitionForm, register, registrationImages } from './lib/registrations.ts';
import { cameraLikePhoto, signInAsAdmin } from './lib/uploads.ts';

const log = (message: string) => process.stderr.write(`[load] ${message}\n`);
const REGISTRATIONS = Number(process.env.LOAD_REGISTRATIONS ?? 200);
/** How long the quiet site is browsed for the baseline. */
const IDLE_MS = 5000;
/** How long the pictures may take after the last answer before the check counts them missing. */
const PICTURES_WAIT_MS = 10 * 60_000;

/** An answer that is a refusal the site may give under load: 429 or 503, with the envelope. */
function isFairRefusal(status: number, body: string): boolean {
  if (status !== 429 && status !== 503) return false;
  try {
    const { error } = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    return typeof error?.code === 'string' && typeof error.message === 'string';
  } catch {
    return false;
  }
}

/**
 * Through the cluster (`node scripts/cluster.ts node scripts/load.ts`): nginx's certificate is
 * its own, and nginx tells the servers the address a request came from, whatever the request
 * says; so each artist connects from an address of its own on the loopback network (127.1.x.y).
 */
function throughCluster(): ((n: number) => { dispatcher: Agent }) | undefined {
  if (!process.env.CLUSTER_URL) return undefined;
  setGlobalDispatcher(new Agent({ connect: { rejectUnauthorized: false } }));
  return (n) => ({
    dispatcher: new Agent({
      connections: 1,
      // n from 1: 127.1.0.1, 127.1.0.2, … (an Agent's own option: undici's connect ignores it).
      localAddress: `127.1.${(n >> 8) & 255}.${n & 255}`,
      connect: { rejectUnauthorized: false },
    }),
  });
}

/** The accepted entries as stored: each one's photo and its first work's answers. */
async function storedEntries(db: Kysely<DB>, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('submissions')
    .innerJoin('entry_works', 'entry_works.submission_id', 'submissions.id')
    .select(['submissions.id', 'photo_key', 'entry_works.field_values'])
    .where('entry_works.position', '=', 1)
    .where('submissions.id', 'in', ids)
    .execute();
}

async function main(): Promise<number> {
  if (process.env.LOAD_SCENARIO === 'works') return runWorksScenario(log);
  const cluster = throughCluster();
  const url = process.env.LOAD_URL ?? process.env.CLUSTER_URL;
  const site = url ? runningSite(url) : await startOwnSite(log);
  try {
    const { base } = site;
    const target = await openCompetitionForm(base);
    const images = await registrationImages(await cameraLikePhoto());
    const cookie = site.adminPassword ? await signInAsAdmin(base, site.adminPassword) : undefined;
    log(
      `${REGISTRATIONS} registrations at once (photo ${images.photo.length} B, artwork ` +
        `${images.artwork.length} B) against ${base}, with browsing and the admin's list`,
    );

    const pages = ['/', '/api/competitions', `/competition/${target.competitionId}`];
    let page = 0;
    // The public pages on a quiet site first: the baseline the busy figures are compared with.
    const idle = new Tally('browsing while idle');
    const idleUntil = performance.now() + IDLE_MS;
    await keepAsking(
      idle,
      () => fetch(`${base}${pages[page++ % pages.length]}`),
      () => performance.now() > idleUntil,
    );

    let done = false;
    const browsing = new Tally('browsing: /, the list, a competition');
    const listing = new Tally('admin: the submissions list');
    const loops = [
      keepAsking(
        browsing,
        () => fetch(`${base}${pages[page++ % pages.length]}`),
        () => done,
      ),
      keepAsking(
        browsing,
        () => fetch(`${base}${pages[page++ % pages.length]}`),
        () => done,
      ),
      ...(cookie
        ? [
            keepAsking(
              listing,
              () => fetch(`${base}/api/admin/submissions`, { headers: { cookie } }),
              () => done,
            ),
          ]
        : []),
    ];
    const registering = new Tally('registrations');
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: REGISTRATIONS }, (_, n) =>
        register(base, target, images, cluster?.(n + 1)).catch((error: unknown) => ({
          status: 0,
          ms: performance.now() - started,
          body: (error as Error).message,
        })),
      ),
    );
    done = true;
    await Promise.all(loops);
    for (const answer of answers) registering.add(answer.status, answer.ms);
    const seconds = round((performance.now() - started) / 1000);
    const report = (tally: Tally) =>
      console.log(JSON.stringify({ ...tally.summary(), loadAverage: round(os.loadavg()[0] ?? 0) }));
    for (const tally of [registering, idle, browsing, listing]) report(tally);

    // The checks, against what the site stored.
    const problems: string[] = [];
    const accepted = answers
      .filter((a) => a.status === 201)
      .map((a) => (JSON.parse(a.body) as { id: string }).id);
    const unfair = answers.filter((a) => a.status !== 201 && !isFairRefusal(a.status, a.body));
    for (const a of unfair.slice(0, 5))
      problems.push(`a registration answered ${a.status}: ${a.body.slice(0, 160)}`);
    for (const tally of [browsing, listing]) {
      const failed = tally.answers.filter((a) => a.status >= 500 || a.status === 0).length;
      if (failed > 0) problems.push(`${tally.kind}: ${failed} answers were 5xx or none`);
    }
    const database = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
    const storage = await createStorage({ dataDir: site.dataDir, s3: site.s3 });
    let picturesSeconds: number | undefined;
    try {
      // The pictures are made after the answers (decision 020): wait for every job, a while.
      const waiting = () =>
        database.db
          .selectFrom('image_jobs')
          .select(['key', 'status'])
          .where('submission_id', 'in', accepted.length ? accepted : [''])
          .execute();
      const picturesUntil = performance.now() + PICTURES_WAIT_MS;
      // Visitors keep browsing while the pictures are made.
      const making = new Tally('browsing while the pictures are made');
      let made = false;
      const browsingOn = keepAsking(
        making,
        () => fetch(`${base}${pages[page++ % pages.length]}`),
        () => made,
      );
      let left = await waiting();
      while (left.some((job) => job.status !== 'failed') && performance.now() < picturesUntil) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        left = await waiting();
      }
      made = true;
      await browsingOn;
      report(making);
      picturesSeconds = round((performance.now() - started) / 1000);
      if (left.length > 0) {
        const failed = left.filter((job) => job.status === 'failed').length;
        problems.push(`${left.length} pictures not made (${failed} failed) after the wait`);
      }
      const rows = await storedEntries(database.db, accepted);
      if (rows.length !== new Set(accepted).size || accepted.length !== new Set(accepted).size) {
        problems.push(`${accepted.length} accepted, ${rows.length} stored`);
      }
      for (const row of rows) {
        const artwork = JSON.parse(row.field_values).artworkUrl as string | undefined;
        const copies = artwork ? [artwork, largeKeyOf(artwork), displayKeyOf(artwork)] : [];
        for (const key of [row.photo_key, ...copies]) {
          if (!(await storage.stat(key))) problems.push(`${row.id}: ${key} is missing`);
        }
        for (const key of [row.photo_key, ...(artwork ? [artwork] : [])]) {
          if (await storage.stat(uploadKeyOf(key))) problems.push(`${row.id}: ${key} as sent left`);
        }
      }
      const unclaimed = await database.db.selectFrom('unclaimed_files').select('key').execute();
      if (unclaimed.length > 0) problems.push(`${unclaimed.length} files left unclaimed`);
    } finally {
      await storage.close();
      await database.close();
    }
    console.log(
      JSON.stringify({
        kind: 'checks',
        registrations: REGISTRATIONS,
        accepted: accepted.length,
        refused: answers.length - accepted.length - unfair.length,
        unfair: unfair.length,
        seconds,
        // From the first registration sent to the last picture made.
        picturesSeconds,
        problems,
        loadAverage: os.loadavg().map(round),
      }),
    );
    return problems.length === 0 ? 0 : 1;
  } finally {
    await site.stop();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  log((error as Error).stack ?? String(error));
  return 1;
});
