import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../tests/setup/admin-session.ts';
import { uploadGeneratedImage } from '../../../tests/setup/image-upload.ts';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../tests/setup/registration.ts';
import { buildTestApp, OUR_CLIENT_HEADERS, type TestApp } from '../../../tests/setup/test-app.ts';
import { buildApp } from '../app.ts';
import { SQLITE_FILE_NAME } from '../db/database.ts';
import { initializeSite } from '../initialize.ts';

/*
 * `npm run backup` while the site runs, then `npm run restore` into an empty DATA_DIR: the
 * restored site has every row and every file (pictures, the payments ledger), as its own HTTP
 * answers show. SQLite only (the site's DATA_DIR), whatever TEST_DB says.
 */
const CLI = (name: string) => path.resolve(import.meta.dirname, `${name}.ts`);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(name: string, args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, [CLI(name), ...args], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<Run>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/** Every row of every table, by table, in a stable order: two databases compared whole. */
function allRows(databaseFile: string): Record<string, unknown[]> {
  const sqlite = new BetterSqlite3(databaseFile, { readonly: true });
  try {
    const tables = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [name, sqlite.prepare(`SELECT * FROM "${name}" ORDER BY 1`).all()]),
    );
  } finally {
    sqlite.close();
  }
}

let scratch: string;
let t: TestApp;
let token: string;
let entryToken: string;
let submissionId: string;
let pictureUrl: string;
let picture: Buffer;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'ws-backup-'));
  t = await buildTestApp({ databaseUrl: undefined, adminPassword: ADMIN_PASSWORD });
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
  // A public picture, a paid entry with its pictures, and its order in the payments ledger.
  pictureUrl = (await uploadGeneratedImage(t, token, 640, 480)).url;
  picture = (await t.app.inject(pictureUrl)).rawPayload;
  const { competition } = await addCompetition(t, { entry_type: 'paid', entry_fee: 499 });
  const registered = await postRegistration(
    t,
    registrationParts(registrationData(competition.id), await defaultFiles()),
  );
  expect(registered.statusCode, registered.body).toBe(201);
  ({ entryToken, id: submissionId } = registered.json<{ entryToken: string; id: string }>());
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/payments/orders',
    headers: OUR_CLIENT_HEADERS,
    payload: { entryToken },
  });
  expect(order.statusCode, order.body).toBe(200);
});

afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('npm run backup, then npm run restore (SQLite)', () => {
  let restoredDir: string;
  let restored: FastifyInstance | undefined;
  afterAll(async () => {
    await restored?.close();
  });

  it('copies the running site into one file, and brings it back into an empty DATA_DIR', async () => {
    const file = path.join(scratch, 'site.zip');
    // The site goes on answering (and writing its sessions) while the backup runs.
    let finished = false;
    const backup = runCli('backup', [file], { DATA_DIR: t.config.dataDir }).finally(() => {
      finished = true;
    });
    let answered = 0;
    while (!finished) {
      expect((await asAdmin(t, token, 'GET', '/api/admin/submissions')).statusCode).toBe(200);
      answered++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answered).toBeGreaterThan(0);
    const made = await backup;
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(
      /^Backed up the database and \d+ files to .*site\.zip \(\d+ bytes\)\.\n$/,
    );

    restoredDir = path.join(scratch, 'restored');
    const back = await runCli('restore', [file], { DATA_DIR: restoredDir });
    expect(back.stderr).toBe('');
    expect(back.code).toBe(0);
    expect(back.stdout).toBe(
      `Restored the database and ${/and (\d+) files/.exec(made.stdout)?.[1]} files into ${restoredDir}.\n`,
    );

    // Every row: the entry, its pictures' records, the payment order, the admin and the rest.
    const rows = allRows(path.join(restoredDir, SQLITE_FILE_NAME));
    expect(rows.payment_orders).toHaveLength(1);
    expect(rows.submissions).toHaveLength(1);
    const now = allRows(path.join(t.config.dataDir, SQLITE_FILE_NAME));
    // Sessions and sign-in records change while the site runs; everything else is as it was.
    for (const table of Object.keys(now)) {
      if (/session|login|rate_limit/.test(table)) continue;
      expect(rows[table], table).toEqual(now[table]);
    }
  });

  it('serves the restored site: its pictures, the entry and its files, to a signed-in admin', async () => {
    restored = await buildApp({ ...t.config, dataDir: restoredDir });
    await initializeSite(restored);
    await restored.ready();
    const served = await restored.inject(pictureUrl);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(picture)).toBe(true);
    const admin = await signIn(restored, 'admin', ADMIN_PASSWORD);
    const entry = await asAdmin(restored, admin, 'GET', `/api/admin/submissions/${submissionId}`);
    expect(entry.statusCode, entry.body).toBe(200);
    // The artist's photo and artwork, downloaded from each site: the same bytes.
    const files = ['photo', 'artworkUrl'].map(
      (file) => `/api/admin/submissions/${submissionId}/download/${file}`,
    );
    for (const url of files) {
      const original = await asAdmin(t, token, 'GET', url);
      const copy = await asAdmin(restored, admin, 'GET', url);
      expect(original.statusCode, url).toBe(200);
      expect(copy.statusCode, url).toBe(200);
      expect(copy.rawPayload.length, url).toBeGreaterThan(1000);
      expect(copy.rawPayload.equals(original.rawPayload), url).toBe(true);
    }
  });

  it('refuses a DATA_DIR that holds a site, and a file that is no backup, changing nothing', async () => {
    const file = path.join(scratch, 'site.zip');
    const into = await runCli('restore', [file], { DATA_DIR: restoredDir });
    expect(into.code).toBe(1);
    expect(into.stderr).toBe(
      `${restoredDir} holds a site already: restore into an empty DATA_DIR (or move its contents away).\n`,
    );
    const empty = path.join(scratch, 'empty');
    const notZip = path.join(scratch, 'notes.zip');
    writeFileSync(notZip, 'not a zip');
    const foreign = await runCli('restore', [notZip], { DATA_DIR: empty });
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toMatch(/^.*notes\.zip is not a backup of this site: /);
    expect(readFileSync(notZip, 'utf8')).toBe('not a zip');
    const usage = await runCli('restore', [], { DATA_DIR: empty });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe('Usage: npm run restore -- FILE\n');
  });

  it('sends a site on PostgreSQL to pg_dump', async () => {
    const run = await runCli('backup', [], {
      DATA_DIR: scratch,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('back it up with pg_dump');
  });
});
