import path from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import {
  addCompetition,
  defaultFiles,
  jpegOf,
  postRegistration,
  privateFiles,
  registrationData,
  registrationParts,
  unclaimedKeys,
} from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { createImageJobs, IMAGE_JOB_CLAIM_MS } from './image-jobs.service.ts';
import { privateFileUrl } from './private-files.ts';
import { displayKeyOf, largeKeyOf, uploadKeyOf } from './private-images.ts';
import { isWholeImage } from './image-check.ts';
import { IMAGE_TOO_SLOW } from './image-worker-client.ts';
import { storedAnswersOf } from '../../../../tests/setup/stored-answers.ts';

// Its rounds are the tests' own: a background round would take the jobs a test looks at.
const t = useTestApp({ imageJobs: { background: false } });
const db = () => t.app.deps.db;
const jobs = () => t.app.deps.imageJobs;

beforeEach(async () => {
  for (const table of ['email_outbox', 'submissions', 'reference_counters'] as const) {
    await db().deleteFrom(table).execute();
  }
});

/** Holds the image queue (as a long picture would) until the returned function is called. */
function holdImageQueue(): () => Promise<void> {
  let open!: () => void;
  const held = t.app.deps.imageQueue.runQueued(
    () => new Promise<void>((resolve) => (open = resolve)),
  );
  return async () => {
    open();
    await held;
  };
}

/** Registers one entry without waiting for its pictures; answers its id and picture keys. */
async function registerNow(files?: Record<string, Buffer>) {
  const { competition } = await addCompetition(t);
  const response = await postRegistration(
    t,
    registrationParts(registrationData(competition.id), files ?? (await defaultFiles())),
    { waitForPictures: false },
  );
  expect(response.statusCode, response.body).toBe(201);
  const id = (response.json() as { id: string }).id;
  const row = await db()
    .selectFrom('submissions')
    .select(['photo_key'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const artwork = (await storedAnswersOf(db(), id)).artworkUrl as string;
  return { id, photo: row.photo_key, artwork };
}

/** What an entry's jobs make: the photo, the artwork's original, its large and display copies. */
const madeKeys = (entry: { photo: string; artwork: string }) =>
  [entry.photo, entry.artwork, largeKeyOf(entry.artwork), displayKeyOf(entry.artwork)].sort();

/** The submission's files in storage, by key. */
const storedKeys = (id: string) =>
  privateFiles(t)
    .filter((file) => file.includes(id) && !file.split(path.sep).includes('.types'))
    .map((file) => file.slice(file.indexOf('private/')))
    .sort();

async function reviewItem(id: string) {
  const token = await signIn(t, 'admin', ADMIN_PASSWORD);
  const response = await asAdmin(t, token, 'GET', `/api/admin/submissions/${id}/review`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { pictures: string };
}

const jobRows = () =>
  db()
    .selectFrom('image_jobs')
    .select(['key', 'status', 'attempts', 'last_error', 'run_after'])
    .orderBy('key')
    .execute();

describe(`picture jobs on ${TEST_ENGINE}`, () => {
  it('a registration answers while image work is queued; its pictures are made after, then ready', async () => {
    const release = holdImageQueue();
    let entry: Awaited<ReturnType<typeof registerNow>>;
    try {
      // The queue is held: an answer that waited for image work would never come.
      entry = await registerNow();
      expect(storedKeys(entry.id)).toEqual(
        [uploadKeyOf(entry.photo), uploadKeyOf(entry.artwork)].sort(),
      );
      expect((await jobRows()).map((row) => row.key)).toEqual([entry.photo, entry.artwork].sort());
      expect((await reviewItem(entry.id)).pictures).toBe('processing');
      // The admin's file route has nothing to show yet, and says so.
      const token = await signIn(t, 'admin', ADMIN_PASSWORD);
      const early = await asAdmin(t, token, 'GET', privateFileUrl(entry.photo));
      expect(early.statusCode).toBe(404);
    } finally {
      await release();
    }
    await jobs().runOnce();
    expect(storedKeys(entry.id)).toEqual(madeKeys(entry));
    expect(await jobRows()).toEqual([]);
    expect(await unclaimedKeys(db())).toEqual([]);
    expect((await reviewItem(entry.id)).pictures).toBe('ready');
  });

  it('a picture whose data is damaged inside a whole file is accepted, then shown to the admin as failed', async () => {
    const good = await jpegOf(400, 300);
    // Noise, so that the compressed data is long; then bytes flipped inside it: the file still
    // ends with its IEND chunk, but its data no longer inflates.
    const noise = Buffer.from(Array.from({ length: 400 * 300 * 3 }, (_, i) => (i * 7919) % 251));
    const damaged = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    for (let i = 200; i < damaged.length - 200; i += 7) damaged[i]! ^= 0x5a;
    expect(isWholeImage('png', damaged)).toBe(true);
    const entry = await registerNow({ photo: good, 'fieldValues.artworkUrl': damaged });
    await jobs().runOnce();
    const rows = await jobRows();
    expect(rows).toEqual([
      expect.objectContaining({
        key: entry.artwork,
        status: 'failed',
        attempts: 1,
        last_error: 'Failed to process image',
      }),
    ]);
    expect((await reviewItem(entry.id)).pictures).toBe('failed');
    // The photo is made; the artwork as sent is kept with its entry.
    expect(storedKeys(entry.id)).toEqual([entry.photo, uploadKeyOf(entry.artwork)].sort());
  });

  it('a picture that takes past the time limit fails cleanly for the admin, and the next one is made', async () => {
    const entry = await registerNow();
    // A limit no picture meets: the worker is stopped mid-picture.
    t.app.deps.imageWorker.setTimeLimit(1);
    try {
      await jobs().runOnce();
    } finally {
      t.app.deps.imageWorker.setTimeLimit();
    }
    expect(await jobRows()).toEqual(
      [entry.artwork, entry.photo].sort().map((key) =>
        expect.objectContaining({
          key,
          status: 'failed',
          attempts: 1,
          last_error: IMAGE_TOO_SLOW,
        }),
      ),
    );
    expect((await reviewItem(entry.id)).pictures).toBe('failed');
    expect(storedKeys(entry.id)).toEqual(
      [uploadKeyOf(entry.photo), uploadKeyOf(entry.artwork)].sort(),
    );
    // A new worker makes the next entry's pictures.
    const next = await registerNow();
    await jobs().runOnce();
    expect((await reviewItem(next.id)).pictures).toBe('ready');
  });

  it('storage failing during a job: tried again later, then made once', async () => {
    const entry = await registerNow();
    const storage = t.app.deps.storage;
    const put = storage.put.bind(storage);
    storage.put = () => Promise.reject(new Error('the storage is down'));
    try {
      await jobs().runOnce();
    } finally {
      storage.put = put;
    }
    const failed = await jobRows();
    expect(failed.map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    // Not before its wait (a minute at least).
    expect(await jobs().runOnce()).toBe(0);
    await jobs().runOnce(new Date(Date.now() + 5 * 60_000));
    expect(await jobRows()).toEqual([]);
    expect(storedKeys(entry.id)).toEqual(madeKeys(entry));
    expect(await unclaimedKeys(db())).toEqual([]);
  });

  it('a worker that died mid-job: once its claim runs out, another makes the picture', async () => {
    const entry = await registerNow();
    const now = new Date();
    await db()
      .updateTable('image_jobs')
      .set({ status: 'working', claimed_until: new Date(now.getTime() + 1000).toISOString() })
      .execute();
    const other = createImageJobs(t.app.deps, { background: false });
    expect(await other.runOnce(now)).toBe(0);
    expect(await other.runOnce(new Date(now.getTime() + IMAGE_JOB_CLAIM_MS))).toBe(2);
    expect(storedKeys(entry.id)).toEqual(madeKeys(entry));
  });

  it('two workers at once make each picture once', async () => {
    const entries = [];
    for (let i = 0; i < 4; i++) entries.push(await registerNow());
    const storage = t.app.deps.storage;
    const put = storage.put.bind(storage);
    const writes: string[] = [];
    storage.put = (key, data, options) => {
      writes.push(key);
      return put(key, data, options);
    };
    try {
      const [a, b] = [1, 2].map(() => createImageJobs(t.app.deps, { background: false }));
      const [ran, alsoRan] = await Promise.all([a!.runOnce(), b!.runOnce(), jobs().runOnce()]);
      expect(ran! + alsoRan!).toBeLessThanOrEqual(8);
    } finally {
      storage.put = put;
    }
    await jobs().runOnce();
    const made = entries.flatMap(madeKeys).sort();
    expect(writes.sort()).toEqual(made);
    expect(await jobRows()).toEqual([]);
  });

  it('an entry deleted while its pictures are made leaves no file behind', async () => {
    const release = holdImageQueue();
    const entry = await registerNow();
    // The worker has claimed a picture and waits for the queue.
    const working = jobs().runOnce();
    await expect
      .poll(async () => (await jobRows()).some((row) => row.status === 'working'))
      .toBe(true);
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const deleted = await asAdmin(t, token, 'DELETE', `/api/admin/submissions/${entry.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    await release();
    await working;
    expect(storedKeys(entry.id)).toEqual([]);
    expect(await jobRows()).toEqual([]);
    expect(await unclaimedKeys(db())).toEqual([]);
  });

  it('refuses at once a picture cut short in transfer, keeping nothing', async () => {
    const { competition } = await addCompetition(t);
    const jpeg = await jpegOf(400, 300);
    const png = await sharp(jpeg).png().toBuffer();
    const webp = await sharp(jpeg).webp().toBuffer();
    const before = privateFiles(t);
    // A JPEG or PNG without its end cannot be read (422); a WebP's header names a length its
    // bytes do not hold, so it is not taken for a WebP at all (415).
    const refusals = [
      [jpeg, 422, 'IMAGE_UNREADABLE', 'Failed to process image'],
      [png, 422, 'IMAGE_UNREADABLE', 'Failed to process image'],
      [webp, 415, 'INVALID_IMAGE_TYPE', 'Invalid file type. Please upload a JPEG or PNG image.'],
    ] as const;
    for (const [whole, status, code, message] of refusals) {
      const cut = whole.subarray(0, whole.length - 10);
      const response = await postRegistration(
        t,
        registrationParts(registrationData(competition.id), {
          photo: cut,
          'fieldValues.artworkUrl': whole,
        }),
      );
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ error: { code, message, fields: { photo: message } } });
    }
    expect(privateFiles(t)).toEqual(before);
    expect(await unclaimedKeys(db())).toEqual([]);
  });
});

describe('isWholeImage', () => {
  it('skips the EXIF thumbnail’s end marker: only one after the scan counts', async () => {
    const withThumbnail = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#e11d48' },
    })
      .jpeg()
      .withExifMerge({ IFD0: { Make: 'Test Camera' } })
      .toBuffer();
    expect(isWholeImage('jpeg', withThumbnail)).toBe(true);
    expect(isWholeImage('jpeg', withThumbnail.subarray(0, withThumbnail.length - 2))).toBe(false);
    expect(isWholeImage('jpeg', withThumbnail.subarray(0, 200))).toBe(false);
    // Bytes after the end (a phone maker's trailer) are allowed.
    expect(isWholeImage('jpeg', Buffer.concat([withThumbnail, Buffer.from('trailer')]))).toBe(true);
  });
});
