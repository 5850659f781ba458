import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeCategoryRow, makeCompetitionRow } from '../../tests/factories/rows.ts';
import { MULTIPART_CONTENT_TYPE, multipartParts } from '../../tests/setup/image-upload.ts';
import {
  defaultFiles,
  registrationData,
  registrationParts,
  todayInKolkata,
} from '../../tests/setup/registration.ts';
import { printedUrl, serverEnv, startMain } from '../../tests/setup/server-process.ts';
import { OUR_CLIENT_HEADERS } from '../../tests/setup/test-app.ts';
import {
  createTestEnvironment,
  TEST_ENGINE,
  type TestEnvironment,
} from '../../tests/setup/test-database.ts';
import { addDays } from '../shared/domain/competition-status.ts';
import { buildApp } from './app.ts';
import { IMAGE_JOB_CLAIM_MS } from './features/media/image-jobs.service.ts';
import {
  sweepUnclaimedFiles,
  UNCLAIMED_FILE_LIFETIME_MS,
} from './features/media/unclaimed-files.ts';
import { initializeSite } from './initialize.ts';

/*
 * A server killed with SIGKILL while artists register (a fault the site must survive without losing
 * an entry), as `npm start` runs it: no entry is saved half (each saved one has its pictures), the
 * sent again registrations are each saved once with their keys, and after the sweeper no stored
 * file belongs to nobody.
 */
const REGISTRATIONS = 4;

interface Server {
  child: ChildProcess;
  url: string;
}

let environment: TestEnvironment;
let competitionId: string;

async function startServer(clientDir: string): Promise<Server> {
  const { child } = startMain(serverEnv(environment.config, clientDir));
  return { child, url: await printedUrl(child) };
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.on('close', () => resolve());
  });
}

/** The stored files under DATA_DIR/uploads/private, as storage keys. */
function privateKeys(): string[] {
  const root = path.join(environment.config.dataDir, 'uploads');
  const folder = path.join(root, 'private');
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

describe(`a server killed with SIGKILL during registrations, on ${TEST_ENGINE}`, () => {
  let clientDir: string;
  beforeAll(async () => {
    environment = await createTestEnvironment();
    // A minimal stand-in build, so the server never runs Vite.
    clientDir = path.join(environment.config.dataDir, 'client');
    mkdirSync(clientDir);
    writeFileSync(
      path.join(clientDir, 'index.html'),
      '<html lang="en"><head><!--app-head--></head></html>',
    );
    const app = await buildApp(environment.config);
    try {
      await initializeSite(app);
      const category = makeCategoryRow();
      await app.deps.db.insertInto('categories').values(category).execute();
      const competition = makeCompetitionRow(category.id, {
        start_date: addDays(todayInKolkata(), -1),
        end_date: addDays(todayInKolkata(), 30),
        entry_type: 'free',
        entry_fee: 0,
      });
      await app.deps.db.insertInto('competitions').values(competition).execute();
      competitionId = competition.id;
    } finally {
      await app.close();
    }
  });
  afterAll(() => environment?.cleanup());

  // Two starts of the server and a dozen pictures: well over the usual 20 s on a busy machine.
  it(
    'saves no entry half, each sent again is saved once, and the sweeper leaves no orphan',
    { timeout: 180_000 },
    async () => {
      const bodies = await Promise.all(
        Array.from({ length: REGISTRATIONS }, async (_, i) =>
          multipartParts(
            registrationParts(
              registrationData(competitionId, {
                fullName: `Artist ${i}`,
                email: `artist${i}@example.com`,
              }),
              await defaultFiles(),
            ),
          ),
        ),
      );
      const keys = bodies.map(() => randomUUID());
      const send = (url: string, i: number) =>
        fetch(`${url}/api/submissions`, {
          method: 'POST',
          headers: {
            ...OUR_CLIENT_HEADERS,
            'content-type': MULTIPART_CONTENT_TYPE,
            'idempotency-key': keys[i] ?? '',
          },
          body: new Uint8Array(bodies[i] ?? Buffer.alloc(0)),
        });

      const first = await startServer(clientDir);
      const app = await buildApp(environment.config);
      try {
        const listed = async () =>
          (await app.deps.db.selectFrom('unclaimed_files').select('key').execute()).length;
        const sent = bodies.map((_, i) => send(first.url, i).catch(() => undefined));
        // Killed once it is writing an entry's pictures: at least one is under way.
        await vi.waitFor(async () => expect(await listed()).toBeGreaterThan(0), {
          timeout: 20_000,
          interval: 5,
        });
        first.child.kill('SIGKILL');
        await stopped(first.child);
        const answered = await Promise.all(sent);
        const savedBefore = answered.filter((r) => r?.status === 201).length;

        // No entry half saved: each one there has its pictures stored, as sent or made. (One may
        // have been saved with its answer still on the way when the server died.)
        const before = await app.deps.db.selectFrom('submissions').select('photo_key').execute();
        expect(before.length).toBeGreaterThanOrEqual(savedBefore);
        for (const { photo_key } of before) {
          expect(
            privateKeys().filter((key) => key.startsWith(photo_key.replace(/\.jpg$/, ''))),
          ).not.toEqual([]);
        }

        // Sent again with their keys, to the restarted server: each saved, once.
        const second = await startServer(clientDir);
        try {
          const again = await Promise.all(bodies.map((_, i) => send(second.url, i)));
          const ids = await Promise.all(
            again.map(async (r) => {
              expect([200, 201]).toContain(r.status);
              return ((await r.json()) as { id: string }).id;
            }),
          );
          expect(new Set(ids).size).toBe(REGISTRATIONS);
        } finally {
          second.child.kill('SIGTERM');
          await stopped(second.child);
        }
        const saved = await app.deps.db
          .selectFrom('submissions')
          .leftJoin('entry_works', 'entry_works.submission_id', 'submissions.id')
          .select(['photo_key', 'submissions.field_values', 'entry_works.field_values as work'])
          .execute();
        expect(saved).toHaveLength(REGISTRATIONS);

        // The pictures are made, those the killed server had claimed once its claim ran out.
        await app.deps.imageJobs.runOnce(new Date(Date.now() + IMAGE_JOB_CLAIM_MS));
        expect(await app.deps.db.selectFrom('image_jobs').selectAll().execute()).toEqual([]);
        // What the killed server had written for entries it never saved goes at the next sweep.
        await sweepUnclaimedFiles(app.deps, new Date(Date.now() + 2 * UNCLAIMED_FILE_LIFETIME_MS));
        // An entry owns the files its row names, and their display copies (`<name>-display.webp`).
        const named = saved.flatMap((row) => JSON.stringify(row).match(/private\/[\w./-]+/g) ?? []);
        const ownedBy = (key: string) =>
          named.some((own) => key === own || key.startsWith(`${own.replace(/\.\w+$/, '')}-`));
        const onDisk = privateKeys();
        expect(onDisk.length).toBeGreaterThanOrEqual(named.length);
        for (const key of onDisk) expect(ownedBy(key), key).toBe(true);
        for (const key of named) expect(onDisk).toContain(key);
        // Every picture made, and none kept as sent.
        expect(onDisk.filter((key) => key.endsWith('-upload'))).toEqual([]);
        expect(await listed()).toBe(0);
      } finally {
        if (first.child.exitCode === null && first.child.signalCode === null)
          first.child.kill('SIGKILL');
        await app.close();
      }
    },
  );
});
