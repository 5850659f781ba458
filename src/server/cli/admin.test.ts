import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../db/database.ts';

const CLI = path.resolve(import.meta.dirname, 'admin.ts');
const USAGE =
  'Usage: npm run admin -- create <username> | reset-password <username> | reset-two-factor <username>';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ws-cli-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * Runs `node src/server/cli/admin.ts …` with exactly this environment (plus PATH) on SQLite in
 * the scratch folder (whatever TEST_DB says), with `input` piped to standard input.
 */
function runCli(args: string[], input: string): Promise<Run> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin.end(input);
  return new Promise<Run>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

function storedHash(username: string): string | undefined {
  const sqlite = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  try {
    const row = sqlite
      .prepare('SELECT password_hash FROM admin_users WHERE username = ?')
      .get(username) as { password_hash: string } | undefined;
    return row?.password_hash;
  } finally {
    sqlite.close();
  }
}

function auditActions(): { actor: string; action: string }[] {
  const sqlite = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  try {
    return sqlite.prepare('SELECT actor, action FROM audit_log ORDER BY created_at').all() as {
      actor: string;
      action: string;
    }[];
  } finally {
    sqlite.close();
  }
}

describe('npm run admin (SQLite)', () => {
  it('creates an admin from a piped password and stores only its argon2id hash', async () => {
    const run = await runCli(['create', 'editor'], 'a-long-enough-password\n');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('Created the admin editor.');
    expect(run.stdout).not.toContain('a-long-enough-password');
    const hash = storedHash('editor');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('a-long-enough-password');
  });

  it('resets the password from a piped one', async () => {
    const before = storedHash('editor');
    const run = await runCli(['reset-password', 'editor'], 'another-long-password\n');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Set a new password for editor');
    const after = storedHash('editor');
    expect(after).toMatch(/^\$argon2id\$/);
    expect(after).not.toBe(before);
    // Both changes from the shell are in the audit log, under the command line's name.
    expect(auditActions()).toEqual([
      { actor: 'command line', action: 'admin_user.create' },
      { actor: 'command line', action: 'admin_user.password-reset' },
    ]);
  });

  it('refuses a short piped password with exit 1 and changes nothing', async () => {
    const before = storedHash('editor');
    const run = await runCli(['reset-password', 'editor'], 'short\n');
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('Password must be at least 12 characters');
    expect(storedHash('editor')).toBe(before);

    const create = await runCli(['create', 'another'], 'short\n');
    expect(create.code).toBe(1);
    expect(create.stderr.trim()).toBe('Password must be at least 12 characters');
    expect(storedHash('another')).toBeUndefined();
  });

  it('without arguments prints the usage line and exits 2', async () => {
    for (const args of [[], ['create'], ['delete', 'editor']]) {
      const run = await runCli(args, '');
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.trim()).toBe(USAGE);
    }
  });

  it('without a piped password generates one and prints it once', async () => {
    const run = await runCli(['create', 'generated'], '');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe('Created the admin generated.');
    const printed = lines.filter((l) => l.includes('Password (shown once'));
    expect(printed).toHaveLength(1);
    const match = /^Password \(shown once, write it down\): (\S{24})$/.exec(printed[0] ?? '');
    expect(match).not.toBeNull();
    expect(storedHash('generated')).toMatch(/^\$argon2id\$/);
  });
});
