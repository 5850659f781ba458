import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
  unclaimedKeys,
} from '../../tests/setup/registration.ts';
import { buildTestApp, type TestApp } from '../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../tests/setup/test-database.ts';
import { UNAVAILABLE_MESSAGE } from '../shared/messages.ts';

/*
 * DATA_DIR runs out of space while artists register (a fault the site must survive without losing
 * an entry). DATA_DIR is a real filesystem of 8 MB (tmpfs, mounted for the test: the tests run as
 * root here), filled up by a file of the test's: a registration then answers 503 with the envelope
 * and keeps nothing, and once there is room again the same registration is saved and the database
 * is intact.
 */
const SIZE = '8m';

describe(`registering while DATA_DIR is full or read-only, on ${TEST_ENGINE}`, () => {
  let mountPoint: string;
  let t: TestApp;

  beforeAll(async () => {
    mountPoint = mkdtempSync(path.join(os.tmpdir(), 'ws-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE}`, 'tmpfs', mountPoint]);
    t = await buildTestApp({ dataDir: mountPoint });
  });
  afterAll(async () => {
    await t?.close().catch(() => {});
    execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  const filler = () => path.join(mountPoint, 'filler');
  const fillUp = () => {
    // Written in pieces until the disk refuses: then not a byte is left.
    try {
      for (;;) writeFileSync(filler(), Buffer.alloc(256 * 1024), { flag: 'a' });
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
  };
  const submissions = async () => t.app.deps.db.selectFrom('submissions').select('id').execute();

  it('answers 503 and keeps nothing; with room again, the same registration is saved', async () => {
    const { competition } = await addCompetition(t);
    const parts = registrationParts(registrationData(competition.id), await defaultFiles());
    const key = randomUUID();

    fillUp();
    const refused = await postRegistration(t, parts, { idempotencyKey: key });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().error.message).toBe(UNAVAILABLE_MESSAGE);
    // On SQLite the database, in DATA_DIR too, is the first to refuse a write; on PostgreSQL the
    // pictures are.
    expect(refused.json().error.code).toBe(
      TEST_ENGINE === 'sqlite' ? 'DATABASE_UNAVAILABLE' : 'STORAGE_UNAVAILABLE',
    );

    rmSync(filler());
    expect(await submissions()).toEqual([]);
    const saved = await postRegistration(t, parts, { idempotencyKey: key });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await submissions()).toEqual([{ id: saved.json().id }]);
    if (TEST_ENGINE === 'sqlite') {
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
        t.app.deps.db,
      );
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
    }
  });

  it('answers 503 while the stored files are read-only, and keeps nothing; writable again, it is saved', async () => {
    const { competition } = await addCompetition(t);
    const parts = registrationParts(registrationData(competition.id), await defaultFiles());
    const key = randomUUID();
    // The files' folder made read-only (a bind mount of itself, remounted so): SQLite's database
    // beside it stays open for writing, as it must to be remounted at all.
    const uploads = path.join(mountPoint, 'uploads');
    execFileSync('mount', ['--bind', uploads, uploads]);
    let refused;
    try {
      execFileSync('mount', ['-o', 'remount,bind,ro', uploads]);
      refused = await postRegistration(t, parts, { idempotencyKey: key });
    } finally {
      execFileSync('umount', [uploads]);
    }
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      error: { code: 'STORAGE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE },
    });
    // Nothing half-written: no file is listed as waiting for its entry.
    expect(await unclaimedKeys(t.app.deps.db)).toEqual([]);
    const before = await submissions();
    const saved = await postRegistration(t, parts, { idempotencyKey: key });
    expect(saved.statusCode, saved.body).toBe(201);
    const after = await submissions();
    expect(after).toHaveLength(before.length + 1);
    expect(after).toContainEqual({ id: saved.json().id });
  });
});
