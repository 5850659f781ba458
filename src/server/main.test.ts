import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestEnvironment,
  TEST_ENGINE,
  type TestEnvironment,
} from '../../tests/setup/test-database.ts';
import {
  printedUrl,
  serverEnv,
  startMain,
  startMainOnTerminal,
} from '../../tests/setup/server-process.ts';

let scratch: string;
let clientDir: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'ws-main-'));
  // A minimal stand-in build, so these tests never run Vite.
  clientDir = path.join(scratch, 'client');
  mkdirSync(clientDir);
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<html lang="en"><head><!--app-head--></head></html>',
  );
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a start that cannot work stops at once with a clear line and exit 1', () => {
  it('bad configuration: one line per bad variable, no stack trace', async () => {
    const { done } = startMain({ PORT: 'eighty', SEED_DEMO: 'perhaps', DATA_DIR: scratch });
    const run = await done;
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: PORT: PORT must be a whole number from 0 to 65535 (got "eighty")',
      'Invalid configuration: SEED_DEMO: SEED_DEMO must be true or false (got "perhaps")',
    ]);
  });

  it('a DATA_DIR whose parent folder is missing', async () => {
    const missing = path.join(scratch, 'nope', 'data');
    const run = await startMain({ DATA_DIR: missing, CLIENT_DIR: clientDir }).done;
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `DATA_DIR: ${missing} does not exist and neither does its parent folder; create it or choose another folder`,
    );
  });

  it('a DATA_DIR that is a file', async () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, 'x');
    const run = await startMain({ DATA_DIR: file, CLIENT_DIR: clientDir }).done;
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(`DATA_DIR: ${file} is not a folder`);
  });

  it('an unreachable DATABASE_URL, without hanging and without its password', async () => {
    const started = Date.now();
    const run = await startMain({
      DATA_DIR: scratch,
      CLIENT_DIR: clientDir,
      DATABASE_URL: 'postgres://someone:hunter2@127.0.0.1:1/white_stroke',
    }).done;
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/white_stroke: /);
    expect(run.stderr).not.toContain('hunter2');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe(`a good start on ${TEST_ENGINE}`, () => {
  let environment: TestEnvironment;
  beforeAll(async () => {
    environment = await createTestEnvironment();
  });
  afterAll(() => environment.cleanup());

  it('prints the URL, serves, and on SIGTERM finishes and exits 0; piped, every line is JSON', async () => {
    const { child, done } = startMain({
      ...serverEnv(environment.config, clientDir),
      LOG_LEVEL: 'info',
    });
    const url = await printedUrl(child, 20_000);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    child.kill('SIGTERM');
    const run = await done;
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n').filter((line) => line !== '');
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    // The generated admin password is printed once, in the log's own form.
    expect(messages).toContainEqual(
      expect.stringMatching(/^Created the admin account "admin" with the password: \S{24} /),
    );
    expect(messages).toContainEqual(expect.stringMatching(/^White Stroke is running at /));
  });
});

describe(`npm start in a terminal on ${TEST_ENGINE}`, () => {
  let environment: TestEnvironment;
  beforeAll(async () => {
    environment = await createTestEnvironment();
  });
  afterAll(() => environment.cleanup());

  it('prints readable lines and a banner with the address and the password, no JSON line', async () => {
    const { child, done } = startMainOnTerminal({
      ...serverEnv(environment.config, clientDir),
      LOG_LEVEL: 'info',
    });
    const url = await printedUrl(child, 20_000);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    child.kill('SIGTERM');
    const run = await done;
    const lines = stripVTControlCharacters(run.stdout)
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
    const json = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) === 'object';
      } catch {
        return false;
      }
    });
    expect(json).toEqual([]);
    expect(lines).toContainEqual(
      expect.stringMatching(/^\d\d:\d\d:\d\d INFO {3}applied migrations: /),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}White Stroke is running at http:\/\/localhost:\d+$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^ {9}username admin, password \S{24}$/));
  });

  it('prints JSON lines there too with LOG_FORMAT=json', async () => {
    const { child, done } = startMainOnTerminal({
      ...serverEnv(environment.config, clientDir),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    });
    await printedUrl(child, 20_000);
    child.kill('SIGTERM');
    const run = await done;
    const lines = run.stdout.split(/\r?\n/).filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
  });
});
