import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { submissionFiles, unclaimedKeys } from '../../../../tests/setup/registration.ts';
import { buildTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { buildApp } from '../../app.ts';
import {
  storeUnclaimedFiles,
  sweepUnlessSweptElsewhere,
  UNCLAIMED_FILE_LIFETIME_MS,
} from './unclaimed-files.ts';

/*
 * PostgreSQL only (a *.pg.test.ts file: npm run test:pg runs it, the SQLite run leaves it out):
 * two app instances on one database, the sweeper's advisory lock between them.
 */

describe.runIf(TEST_ENGINE === 'postgres')('two servers sweeping one PostgreSQL', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp();
    other = await buildApp(t.config);
    await other.ready();
    // Each server sweeps once as it starts; the test's rounds begin once both are done (a round
    // that finds the lock taken answers undefined), or the first would leave its round to them.
    for (const server of [t.app, other]) {
      await vi.waitFor(
        async () => expect(await sweepUnlessSweptElsewhere(server.deps)).toBeDefined(),
        { timeout: 10_000 },
      );
    }
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('sweeps on one server at a time: the other leaves the round to it', async () => {
    const files = submissionFiles();
    await storeUnclaimedFiles(t.app.deps, files);
    const later = new Date(Date.now() + 2 * UNCLAIMED_FILE_LIFETIME_MS);
    // The first server's deletes wait until the test lets them go: its round is under way.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const storage = t.app.deps.storage;
    const remove = storage.delete.bind(storage);
    const deletes = vi.spyOn(storage, 'delete').mockImplementation(async (key) => {
      await held;
      return remove(key);
    });
    const otherDeletes = vi.spyOn(other.deps.storage, 'delete');
    try {
      const first = sweepUnlessSweptElsewhere(t.app.deps, later);
      await vi.waitFor(() => expect(deletes).toHaveBeenCalled());
      expect(await sweepUnlessSweptElsewhere(other.deps, later)).toBeUndefined();
      release();
      expect(await first).toBe(2);
      expect(otherDeletes).not.toHaveBeenCalled();
      expect(deletes).toHaveBeenCalledTimes(2);
      expect(await unclaimedKeys(t.app.deps.db)).toEqual([]);
    } finally {
      release();
      deletes.mockRestore();
      otherDeletes.mockRestore();
    }
  });
});
