import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../db/database.ts';

const CLI = path.resolve(import.meta.dirname, 'admin.ts');

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ws-cli-email-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `node src/server/cli/admin.ts …` on SQLite in the scratch folder, `input` piped in. */
function runCli(args: string[], input = '') {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(input);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

function query<T>(statement: string, ...params: unknown[]): T[] {
  const sqlite = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  try {
    return sqlite.prepare(statement).all(...params) as T[];
  } finally {
    sqlite.close();
  }
}
const emailOf = (username: string) =>
  query<{ email: string | null }>('SELECT email FROM admin_users WHERE username = ?', username)[0]
    ?.email;
const audit = () =>
  query<{ actor: string; action: string; details: string }>(
    "SELECT actor, action, details FROM audit_log WHERE action = 'admin_user.email-set'",
  );

describe('npm run admin -- set-email (SQLite)', () => {
  beforeAll(async () => {
    const created = await runCli(['create', 'first'], 'a-long-enough-password\n');
    expect(created.code, created.stderr).toBe(0);
  });

  it('stores the address, lower-cased, and audits it under the command line', async () => {
    const run = await runCli(['set-email', 'first', 'Desk@WhiteStroke.example']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('Set the e-mail address of first to desk@whitestroke.example.');
    expect(emailOf('first')).toBe('desk@whitestroke.example');
    expect(audit()).toEqual([
      {
        actor: 'command line',
        action: 'admin_user.email-set',
        details: JSON.stringify({ username: 'first' }),
      },
    ]);
  });

  it('refuses a loose address with exit 1 and changes nothing', async () => {
    for (const email of ['victim;attacker@evil.example', 'a(comment)b@example.com', 'nobody']) {
      const run = await runCli(['set-email', 'first', email]);
      expect(run.code, email).toBe(1);
      expect(run.stderr.trim()).toBe('Enter a valid e-mail address');
      expect(run.stdout).toBe('');
    }
    expect(emailOf('first')).toBe('desk@whitestroke.example');
    expect(audit()).toHaveLength(1);
  });

  it('refuses an unknown account with exit 1', async () => {
    const run = await runCli(['set-email', 'nobody', 'nobody@whitestroke.example']);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('No admin named nobody');
    expect(audit()).toHaveLength(1);
  });

  it('prints the usage and exits 2 without the address, or with one on another command', async () => {
    for (const args of [
      ['set-email', 'first'],
      ['unlock', 'first', 'desk@whitestroke.example'],
      ['set-email', 'first', 'a@b.example', 'extra'],
    ]) {
      const run = await runCli(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.trim()).toMatch(/^Usage: npm run admin -- .*set-email <username> <email>$/);
    }
  });
});
