/**
 * `LOAD_SCENARIO=works npm run load`: 50 artists at once (LOAD_ARTISTS), each entering three
 * works (the competition's maxWorks set to 3) whose artworks are camera originals of about 5 MB,
 * while visitors browse the public pages (browsed alone first, for the quiet baseline). Reported:
 * each answer's time after its upload was sent, the servers' peak memory (the server and its
 * image worker, from /proc), the time until every display copy is made, and the public pages'
 * p99 during the burst against the quiet site's. Checks: every registration accepted (no 503),
 * every work stored with its copies, nothing left unclaimed.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import sharp from 'sharp';
import { openDatabase } from '../../src/server/db/database.ts';
import { displayKeyOf, largeKeyOf } from '../../src/server/features/media/private-images.ts';
import { createStorage } from '../../src/server/features/media/storage/storage.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/shared/csrf.ts';
import { isAskedPerWork } from '../../src/shared/schemas/form-field.ts';
import { type Site, startOwnSite } from './load-site.ts';
import { keepAsking, round, Tally } from './load-tally.ts';
import { sampleMemory } from './process-memory.ts';
import { openCompetitionForm, type RegistrationTarget } from './registrations.ts';
import { cameraLikePhoto, signInAsAdmin } from './uploads.ts';

type Log = (message: string) => void;
const ARTISTS = Number(process.env.LOAD_ARTISTS ?? 50);
const WORKS = 3;
const IDLE_MS = 5000;
/** The goal: every display copy within three minutes; the check waits longer, to report it. */
const PICTURES_WAIT_MS = 10 * 60_000;

/** A camera's original: the test photo at quality 97, about 5 MB. */
async function cameraOriginal(): Promise<Buffer> {
  return sharp(await cameraLikePhoto())
    .jpeg({ quality: 97 })
    .toBuffer();
}

/** The competition takes three works per entry (the admin's PUT, everything else as it was). */
async function allowThreeWorks(base: string, cookie: string, id: string): Promise<void> {
  const url = `${base}/api/admin/competitions/${id}`;
  const current = (await (await fetch(url, { headers: { cookie } })).json()) as {
    category: { id: string };
    subcategory: { id: string } | null;
  };
  const input = {
    ...current,
    categoryId: current.category.id,
    subcategoryId: current.subcategory?.id ?? '',
    minWorks: 1,
    maxWorks: WORKS,
  };
  const response = await fetch(url, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new Error(`PUT ${url}: ${response.status} ${await response.text()}`);
}

interface Answer {
  status: number;
  /** From the first byte sent to the answer. */
  ms: number;
  /** From the last byte of the upload handed to the connection to the answer. */
  afterUploadMs: number;
  body: string;
}

/** One artist's entry of three works, sent as the form sends it (streamed, timed). */
async function enterWorks(
  base: string,
  target: RegistrationTarget,
  files: { photo: Blob; artwork: Blob },
  n: number,
): Promise<Answer> {
  const text = (id: string) =>
    id === 'description' ? 'Oil on canvas, for the load test.' : 'Load';
  const answers = (perWork: boolean) =>
    Object.fromEntries(
      target.fields
        .filter((f) => f.type === 'text' && isAskedPerWork(f) === perWork)
        .map((f) => [f.id, text(f.id)]),
    );
  const data = {
    competitionId: target.competitionId,
    fullName: `Load Artist ${n}`,
    age: 30,
    gender: 'female',
    email: `works${n}@example.com`,
    phone: '+91 98765 43210',
    address: '12 MG Road, Pune',
    pincode: '411001',
    fieldValues: answers(false),
    works: Array.from({ length: WORKS }, () => ({ fieldValues: answers(true) })),
    consent: true,
    publicationConsent: 'name',
  };
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('photo', files.photo, 'photo.jpg');
  for (const field of target.fields.filter((f) => f.type === 'image')) {
    if (!isAskedPerWork(field)) form.append(`fieldValues.${field.id}`, files.artwork, 'a.jpg');
    else
      for (let w = 0; w < WORKS; w++) form.append(`works.${w}.${field.id}`, files.artwork, 'a.jpg');
  }
  // The body as fetch would send it, streamed through a step that notes when it has all gone.
  const encoded = new Request(`${base}/api/submissions`, { method: 'POST', body: form });
  let sentAt = Number.NaN;
  const body = encoded.body?.pipeThrough(
    new TransformStream({ flush: () => void (sentAt = performance.now()) }),
  );
  const started = performance.now();
  const response = await fetch(`${base}/api/submissions`, {
    method: 'POST',
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      'idempotency-key': randomUUID(),
      'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n & 255}`,
    },
    body,
    duplex: 'half',
    signal: AbortSignal.timeout(300_000),
  } as RequestInit);
  const text2 = await response.text();
  const answeredAt = performance.now();
  return {
    status: response.status,
    ms: answeredAt - started,
    afterUploadMs: answeredAt - (Number.isNaN(sentAt) ? answeredAt : sentAt),
    body: text2,
  };
}

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0);
};

/** Checks what the site stored: each accepted entry's works, their copies, nothing unclaimed. */
async function storedProblems(site: Site, accepted: string[]): Promise<string[]> {
  const problems: string[] = [];
  const database = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
  const storage = await createStorage({ dataDir: site.dataDir, s3: site.s3 });
  try {
    const works = accepted.length
      ? await database.db
          .selectFrom('entry_works')
          .select(['submission_id', 'field_values'])
          .where('submission_id', 'in', accepted)
          .execute()
      : [];
    if (works.length !== accepted.length * WORKS) {
      problems.push(`${accepted.length} entries accepted, ${works.length} works stored`);
    }
    for (const work of works) {
      const values = JSON.parse(work.field_values) as Record<string, unknown>;
      const keys = Object.values(values).filter(
        (v): v is string => typeof v === 'string' && v.startsWith('private/'),
      );
      if (keys.length === 0) problems.push(`${work.submission_id}: a work without its artwork`);
      for (const key of keys.flatMap((k) => [k, largeKeyOf(k), displayKeyOf(k)])) {
        if (!(await storage.stat(key))) problems.push(`${work.submission_id}: ${key} is missing`);
      }
    }
    const unclaimed = await database.db.selectFrom('unclaimed_files').select('key').execute();
    if (unclaimed.length > 0) problems.push(`${unclaimed.length} files left unclaimed`);
  } finally {
    await storage.close();
    await database.close();
  }
  return problems;
}

/**
 * Waits until no picture job of these entries is left: the seconds it took, or undefined and how
 * many were left after the wait.
 */
async function waitForPictures(
  site: Site,
  accepted: string[],
  log: Log,
): Promise<number | undefined> {
  const database = await openDatabase({ databaseUrl: site.databaseUrl, dataDir: site.dataDir });
  const started = performance.now();
  try {
    while (performance.now() - started < PICTURES_WAIT_MS) {
      const left = await database.db
        .selectFrom('image_jobs')
        .select('status')
        .where('submission_id', 'in', accepted.length ? accepted : [''])
        .execute();
      if (left.every((job) => job.status === 'failed')) {
        return left.length === 0 ? (performance.now() - started) / 1000 : undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (Math.round(performance.now() - started) % 30_000 < 500) log(`${left.length} jobs left`);
    }
    return undefined;
  } finally {
    await database.close();
  }
}

export async function runWorksScenario(log: Log): Promise<number> {
  const site = await startOwnSite(log);
  try {
    const { base } = site;
    const cookie = await signInAsAdmin(base, site.adminPassword);
    const target = await openCompetitionForm(base);
    await allowThreeWorks(base, cookie, target.competitionId);
    const original = await cameraOriginal();
    const photo = await sharp(original).resize(800, 800, { fit: 'inside' }).jpeg().toBuffer();
    const files = {
      photo: new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
      artwork: new Blob([new Uint8Array(original)], { type: 'image/jpeg' }),
    };
    log(`${ARTISTS} artists × ${WORKS} works of ${original.length} B at once against ${base}`);

    const pages = ['/', '/api/competitions', `/competition/${target.competitionId}`];
    let page = 0;
    const browse = (tally: Tally, stop: () => boolean) =>
      keepAsking(tally, () => fetch(`${base}${pages[page++ % pages.length]}`), stop);
    const idle = new Tally('browsing while idle');
    const idleUntil = performance.now() + IDLE_MS;
    await Promise.all([1, 2].map(() => browse(idle, () => performance.now() > idleUntil)));

    const memory = site.pid ? sampleMemory(site.pid) : undefined;
    let phase: 'burst' | 'pictures' | 'done' = 'burst';
    const burst = new Tally('browsing during the burst');
    const making = new Tally('browsing while the pictures are made');
    const browsing = [1, 2].map(() =>
      browse(burst, () => phase !== 'burst').then(() => browse(making, () => phase === 'done')),
    );
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: ARTISTS }, (_, n) =>
        enterWorks(base, target, files, n + 1).catch((error: unknown) => ({
          status: 0,
          ms: performance.now() - started,
          afterUploadMs: Number.NaN,
          body: (error as Error).message,
        })),
      ),
    );
    const burstSeconds = (performance.now() - started) / 1000;
    phase = 'pictures';
    const accepted = answers
      .filter((a) => a.status === 201)
      .map((a) => (JSON.parse(a.body) as { id: string }).id);
    log(`answered in ${round(burstSeconds)} s; waiting for the pictures`);
    const afterBurst = await waitForPictures(site, accepted, log);
    const picturesSeconds = afterBurst === undefined ? undefined : burstSeconds + afterBurst;
    phase = 'done';
    await Promise.all(browsing);
    const processes = memory?.stop();

    const registering = new Tally('registrations of three works');
    for (const answer of answers) registering.add(answer.status, answer.ms);
    const loadAverage = () => os.loadavg().map(round);
    for (const tally of [idle, burst, making]) {
      console.log(JSON.stringify({ ...tally.summary(), loadAverage: loadAverage() }));
    }
    const idleP99 = idle.summary().p99Ms;
    const problems = await storedProblems(site, accepted);
    const refused = answers.filter((a) => a.status !== 201);
    for (const a of refused.slice(0, 5))
      problems.push(`answered ${a.status}: ${a.body.slice(0, 160)}`);
    if (picturesSeconds === undefined) problems.push('pictures not all made after the wait');
    console.log(
      JSON.stringify({
        ...registering.summary(),
        afterUploadP99Ms: p99(answers.map((a) => a.afterUploadMs).filter(Number.isFinite)),
        artworkBytes: original.length,
        burstSeconds: round(burstSeconds),
        loadAverage: loadAverage(),
      }),
    );
    console.log(
      JSON.stringify({
        kind: 'checks',
        artists: ARTISTS,
        accepted: accepted.length,
        refused503: answers.filter((a) => a.status === 503).length,
        // From the first registration sent to the last display copy made.
        picturesSeconds: picturesSeconds === undefined ? undefined : round(picturesSeconds),
        publicP99RatioBurst: idleP99 ? round(burst.summary().p99Ms / idleP99) : undefined,
        publicP99RatioPictures: idleP99 ? round(making.summary().p99Ms / idleP99) : undefined,
        processes,
        problems,
        loadAverage: loadAverage(),
      }),
    );
    return problems.length === 0 ? 0 : 1;
  } finally {
    await site.stop();
  }
}
