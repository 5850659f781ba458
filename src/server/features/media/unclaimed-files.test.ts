import { existsSync } from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { submissionFiles, unclaimedKeys } from '../../../../tests/setup/registration.ts';
import { startS3Server, type TestS3Server } from '../../../../tests/setup/s3-server.ts';
import { buildTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createTestEnvironment, TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { buildApp } from '../../app.ts';
import { initializeSite } from '../../initialize.ts';
import {
  claimFiles,
  discardUnclaimedFiles,
  releaseFiles,
  storeUnclaimedFiles,
  sweepUnclaimedFiles,
  sweepUnlessSweptElsewhere,
  UNCLAIMED_FILE_LIFETIME_MS,
  UNCLAIMED_FILES_SWEEP_INTERVAL_MS,
} from './unclaimed-files.ts';

const MINUTE = 60_000;

const at = (start: Date, minutes: number) => new Date(start.getTime() + minutes * MINUTE);

describe.each([
  { name: 'the local folder', s3: false },
  { name: 'an S3-compatible server', s3: true },
])(`unclaimed private files in $name on ${TEST_ENGINE}`, ({ s3 }) => {
  let t: TestApp;
  let server: TestS3Server | undefined;
  beforeAll(async () => {
    server = s3 ? await startS3Server() : undefined;
    t = await buildTestApp(server ? { s3: server.config } : {});
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const db = () => t.app.deps.db;
  const stored = async (key: string) => {
    const file = await t.app.deps.storage.get(key);
    return file ? buffer(file.body) : undefined;
  };

  it('lists each file before writing it', async () => {
    const files = submissionFiles();
    await storeUnclaimedFiles(t.app.deps, files);
    for (const file of files) expect(await stored(file.key)).toEqual(file.data);
    expect(await unclaimedKeys(db())).toEqual(expect.arrayContaining(files.map((f) => f.key)));
    await discardUnclaimedFiles(
      t.app.deps,
      files.map((f) => f.key),
    );
  });

  it('after a crash between files and row, the sweeper removes them once an hour has passed, then their rows', async () => {
    const start = new Date();
    const files = submissionFiles();
    const keys = files.map((f) => f.key);
    // Written and listed; the process dies before the submission is saved or the files removed.
    await storeUnclaimedFiles(t.app.deps, files, start);

    expect(await sweepUnclaimedFiles(t.app.deps, at(start, 59))).toBe(0);
    for (const file of files) expect(await stored(file.key)).toEqual(file.data);
    expect(await unclaimedKeys(db())).toEqual(expect.arrayContaining(keys));

    expect(await sweepUnclaimedFiles(t.app.deps, at(start, 61))).toBe(2);
    for (const key of keys) expect(await stored(key)).toBeUndefined();
    expect(await unclaimedKeys(db())).not.toEqual(expect.arrayContaining([keys[0]]));
    expect(await unclaimedKeys(db())).not.toEqual(expect.arrayContaining([keys[1]]));
    // A second sweep finds nothing more to do.
    expect(await sweepUnclaimedFiles(t.app.deps, at(start, 120))).toBe(0);
  });

  it('leaves files claimed by a committed record alone, however old', async () => {
    const start = new Date();
    const files = submissionFiles();
    await storeUnclaimedFiles(t.app.deps, files, start);
    await db()
      .transaction()
      .execute((trx) =>
        claimFiles(
          trx,
          files.map((f) => f.key),
        ),
      );
    await sweepUnclaimedFiles(t.app.deps, at(start, 24 * 60));
    for (const file of files) expect(await stored(file.key)).toEqual(file.data);
  });

  it('keeps files listed when their record rolls back, and refuses to claim a swept file', async () => {
    const start = new Date(Date.now() - UNCLAIMED_FILE_LIFETIME_MS - MINUTE);
    const files = submissionFiles();
    const keys = files.map((f) => f.key);
    await storeUnclaimedFiles(t.app.deps, files, start);
    // A record whose transaction fails after claiming: the claim is undone with it.
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await claimFiles(trx, keys);
          throw new Error('the record could not be saved');
        }),
    ).rejects.toThrow('the record could not be saved');
    expect(await unclaimedKeys(db())).toEqual(expect.arrayContaining(keys));
    // A record that took longer than the hour finds its files swept: it must not name them.
    expect(await sweepUnclaimedFiles(t.app.deps)).toBe(2);
    await expect(
      db()
        .transaction()
        .execute((trx) => claimFiles(trx, keys)),
    ).rejects.toThrow('A file written for this record was swept before the record was saved.');
  });

  it('removes the files and rows of a record that was not saved', async () => {
    const files = submissionFiles();
    const keys = files.map((f) => f.key);
    await storeUnclaimedFiles(t.app.deps, files);
    await discardUnclaimedFiles(t.app.deps, keys);
    for (const key of keys) expect(await stored(key)).toBeUndefined();
    expect(await unclaimedKeys(db())).not.toEqual(expect.arrayContaining([keys[0]]));
  });
});

describe(`the sweeper on the local folder on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.deps.db;
  const uploads = (...segments: string[]) => path.join(t.config.dataDir, 'uploads', ...segments);
  /** The folder of a key's file, and of its content type beside it. */
  const foldersOf = (key: string) => {
    const folder = path.dirname(key).split('/');
    return [uploads(...folder), uploads('.types', ...folder)];
  };

  it('leaves no empty folder behind, and never removes the private folder itself', async () => {
    const start = new Date();
    const kept = submissionFiles();
    const swept = submissionFiles();
    await storeUnclaimedFiles(t.app.deps, kept, start);
    await db()
      .transaction()
      .execute((trx) =>
        claimFiles(
          trx,
          kept.map((f) => f.key),
        ),
      );
    await storeUnclaimedFiles(t.app.deps, swept, start);
    const sweptFolders = foldersOf(swept[0]?.key ?? '');
    for (const folder of sweptFolders) expect(existsSync(folder), folder).toBe(true);

    expect(await sweepUnclaimedFiles(t.app.deps, at(start, 61))).toBe(2);
    for (const folder of sweptFolders) expect(existsSync(folder), folder).toBe(false);
    // The other submission's folder keeps its files, and private/submissions above both stays.
    for (const folder of foldersOf(kept[0]?.key ?? '')) expect(existsSync(folder)).toBe(true);

    // The last submission deleted (its files listed again, as deleting a submission does): the
    // sweep takes the folders above it too, up to private/, which stays.
    await db()
      .transaction()
      .execute((trx) =>
        releaseFiles(
          trx,
          kept.map((f) => f.key),
        ),
      );
    expect(await sweepUnclaimedFiles(t.app.deps, at(start, 61))).toBe(2);
    expect(existsSync(uploads('private', 'submissions'))).toBe(false);
    expect(existsSync(uploads('.types', 'private', 'submissions'))).toBe(false);
    expect(existsSync(uploads('private'))).toBe(true);
    expect(existsSync(uploads('.types', 'private'))).toBe(true);
  });

  it('writes a file again into a folder a sweep has just removed', async () => {
    const [file] = submissionFiles();
    if (!file) throw new Error('no file');
    await storeUnclaimedFiles(t.app.deps, [file], new Date(0));
    await sweepUnclaimedFiles(t.app.deps);
    expect(existsSync(foldersOf(file.key)[0] ?? '')).toBe(false);
    await storeUnclaimedFiles(t.app.deps, [file]);
    const stored = await t.app.deps.storage.get(file.key);
    expect(stored && (await buffer(stored.body))).toEqual(file.data);
    await discardUnclaimedFiles(t.app.deps, [file.key]);
  });
});

describe(`the sweeper's schedule on ${TEST_ENGINE}`, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sweeps as soon as the app is ready: what a crash left goes at the restart', async () => {
    const environment = await createTestEnvironment();
    const app = await buildApp(environment.config);
    try {
      await initializeSite(app);
      const [file] = submissionFiles();
      if (!file) throw new Error('no file');
      // Left by the process before this one, more than an hour ago.
      await storeUnclaimedFiles(
        app.deps,
        [file],
        new Date(Date.now() - UNCLAIMED_FILE_LIFETIME_MS - MINUTE),
      );
      const onDisk = path.join(environment.config.dataDir, 'uploads', ...file.key.split('/'));
      expect(existsSync(onDisk)).toBe(true);
      await app.ready();
      // Closing waits for the sweep under way: the one the app started when it became ready.
      await app.close();
      expect(existsSync(onDisk)).toBe(false);
    } finally {
      await app.close();
      await environment.cleanup();
    }
  });

  it('then sweeps every ten minutes, and is waited for when the app closes', async () => {
    // The clock too: a file that was not an hour old at the first sweep is by the next.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const t = await buildTestApp();
    try {
      // The round the app began when it became ready is over (a tick during a round is skipped):
      // a round of ours gets the lock, or the app's, finding it taken, leaves at once.
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      while ((await sweepUnlessSweptElsewhere(t.app.deps, new Date(0))) === undefined) {
        await sleep(20);
      }
      await sleep(100);
      const [file] = submissionFiles();
      if (!file) throw new Error('no file');
      await storeUnclaimedFiles(
        t.app.deps,
        [file],
        new Date(Date.now() - UNCLAIMED_FILE_LIFETIME_MS + 5 * MINUTE),
      );
      const onDisk = path.join(t.config.dataDir, 'uploads', ...file.key.split('/'));
      expect(existsSync(onDisk)).toBe(true);
      vi.advanceTimersByTime(UNCLAIMED_FILES_SWEEP_INTERVAL_MS - 1);
      expect(existsSync(onDisk)).toBe(true);
      vi.advanceTimersByTime(1);
      // Closing waits for the sweep under way before the database closes.
      await t.app.close();
      expect(existsSync(onDisk)).toBe(false);
    } finally {
      await t.close();
    }
  });
});
