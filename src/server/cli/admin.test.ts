import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClock,
  expectLockedOut,
  login,
  signIn,
  totpCode,
  turnOnTwoFactor,
  whoAmI,
} from '../../../tests/setup/admin-session.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { SQLITE_FILE_NAME } from '../db/database.ts';

const CLI = path.resolve(import.meta.dirname, 'admin.ts');
const USAGE =
  'Usage: npm run admin -- create <username> [--role admin|juror] | reset-password <username> | reset-two-factor <username> | unlock <username> | set-email <username> <email>';

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

/** Reads one query's rows from the scratch SQLite file. */
function query<T>(statement: string, ...params: unknown[]): T[] {
  const sqlite = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  try {
    return sqlite.prepare(statement).all(...params) as T[];
  } finally {
    sqlite.close();
  }
}

describe('npm run admin -- reset-two-factor (SQLite)', () => {
  const PHONELESS = 'phoneless';
  const PHONELESS_PASSWORD = 'lost my phone and my codes';
  const BYSTANDER = 'bystander';
  const BYSTANDER_PASSWORD = 'keeps a phone in a drawer';
  // The app on the same SQLite file the command line writes to, to sign in and set up over HTTP.
  let app: FastifyInstance;

  beforeAll(async () => {
    for (const [username, password] of [
      [PHONELESS, PHONELESS_PASSWORD],
      [BYSTANDER, BYSTANDER_PASSWORD],
    ] as const) {
      const created = await runCli(['create', username], `${password}\n`);
      expect(created.code, created.stderr).toBe(0);
    }
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir };
    app = await buildApp(loadConfig(env), { clock: adminClock });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  interface TwoFactorRow {
    id: string;
    totp_enabled: number;
    totp_secret: string | null;
    totp_last_step: number | null;
  }
  const adminRow = (username: string): TwoFactorRow => {
    const [row] = query<TwoFactorRow>(
      'SELECT id, totp_enabled, totp_secret, totp_last_step FROM admin_users WHERE username = ?',
      username,
    );
    if (!row) throw new Error(`no admin ${username}`);
    return row;
  };
  const recoveryCodes = (id: string) =>
    query<{ id: string }>('SELECT id FROM recovery_codes WHERE admin_user_id = ?', id);
  const sessions = (id: string) =>
    query<{ id: string }>('SELECT id FROM sessions WHERE admin_user_id = ?', id);
  interface AuditRow {
    actor: string;
    action: string;
    admin_user_id: string | null;
    entity_id: string | null;
  }
  // In the order written: the app's clock may run ahead of the command line's
  // (clearOfStepBoundary).
  const audit = () =>
    query<AuditRow>('SELECT actor, action, admin_user_id, entity_id FROM audit_log ORDER BY rowid');

  it('turns two-factor off, deletes the recovery codes, ends that admin’s sessions and is audited', async () => {
    const first = await signIn(app, PHONELESS, PHONELESS_PASSWORD);
    const { secret } = await turnOnTwoFactor(app, first, PHONELESS_PASSWORD);
    const second = await signIn(app, PHONELESS, PHONELESS_PASSWORD, { code: totpCode(secret) });
    const bystander = await signIn(app, BYSTANDER, BYSTANDER_PASSWORD);
    const { id } = adminRow(PHONELESS);
    expect(adminRow(PHONELESS)).toMatchObject({ totp_enabled: 1, totp_secret: secret });
    expect(recoveryCodes(id)).toHaveLength(10);
    expect(sessions(id)).toHaveLength(2);

    const run = await runCli(['reset-two-factor', PHONELESS], '');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(
      `Turned off two-factor for ${PHONELESS}; their sessions have ended.`,
    );

    expect(adminRow(PHONELESS)).toEqual({
      id,
      totp_enabled: 0,
      totp_secret: null,
      totp_last_step: null,
    });
    expect(recoveryCodes(id)).toEqual([]);
    expect(sessions(id)).toEqual([]);
    for (const token of [first, second]) expect((await whoAmI(app, token)).statusCode).toBe(401);
    // Another admin's session is not theirs to end.
    expect((await whoAmI(app, bystander)).statusCode).toBe(200);
    expect(audit().at(-1)).toEqual({
      actor: 'command line',
      action: 'admin_user.two-factor-reset',
      admin_user_id: null,
      entity_id: id,
    });
    expect(JSON.stringify(audit())).not.toContain(secret);
    // The password alone signs in again, as before two-factor.
    const again = await signIn(app, PHONELESS, PHONELESS_PASSWORD);
    expect((await whoAmI(app, again)).json()).toMatchObject({ twoFactorEnabled: false });
  });

  it('answers an unknown admin with exit 1 and a message, and changes nothing', async () => {
    const before = audit();
    const run = await runCli(['reset-two-factor', 'ghost'], '');
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('No admin named ghost');
    expect(run.stdout).toBe('');
    expect(audit()).toEqual(before);
  });
});

describe('npm run admin -- unlock and reset-password lift the sign-in lock (SQLite)', () => {
  const LOCKED = 'locked.out';
  const LOCKED_PASSWORD = 'the real admin’s password';
  const NEW_PASSWORD = 'a new password after the attack';
  let app: FastifyInstance;

  beforeAll(async () => {
    const created = await runCli(['create', LOCKED], `${LOCKED_PASSWORD}\n`);
    expect(created.code, created.stderr).toBe(0);
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir };
    app = await buildApp(loadConfig(env), { clock: adminClock });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Five wrong passwords from an attacker's address: unknown devices of the account must wait. */
  async function lockOut(password: string) {
    for (let i = 0; i < 5; i++) {
      const wrong = await login(app, { username: LOCKED, password: `guess ${i}` });
      expect(wrong.statusCode).toBe(401);
    }
    expectLockedOut(await login(app, { username: LOCKED, password }));
  }
  const failures = () =>
    query<{ id: string }>('SELECT id FROM login_failures WHERE username = ?', LOCKED);

  it('unlock clears the account’s failures, so the right password signs in at once; both are audited', async () => {
    await lockOut(LOCKED_PASSWORD);
    expect(failures()).toHaveLength(5);
    const run = await runCli(['unlock', LOCKED], '');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(
      `Cleared the failed sign-ins of ${LOCKED}; they can sign in again.`,
    );
    expect(failures()).toEqual([]);
    await signIn(app, LOCKED, LOCKED_PASSWORD);
    // In the order written: the app's clock may run ahead of the command line's.
    const actions = query<{ actor: string; action: string; details: string | null }>(
      "SELECT actor, action, details FROM audit_log WHERE action IN ('auth.lockout', 'admin_user.unlock') ORDER BY rowid",
    );
    expect(actions).toEqual([
      {
        actor: LOCKED,
        action: 'auth.lockout',
        details: JSON.stringify({ locked: 'unknown devices of the account', minutes: 15 }),
      },
      {
        actor: 'command line',
        action: 'admin_user.unlock',
        details: JSON.stringify({ username: LOCKED }),
      },
    ]);
  });

  it('reset-password clears them too: the new password signs in at once', async () => {
    await lockOut(LOCKED_PASSWORD);
    const run = await runCli(['reset-password', LOCKED], `${NEW_PASSWORD}\n`);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(
      `Set a new password for ${LOCKED}; their sessions have ended and sign-in is unlocked.`,
    );
    expect(failures()).toEqual([]);
    await signIn(app, LOCKED, NEW_PASSWORD);
  });

  it('unlock answers an unknown admin with exit 1 and a message, and changes nothing', async () => {
    const before = query<{ id: string }>('SELECT id FROM audit_log');
    const run = await runCli(['unlock', 'ghost'], '');
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('No admin named ghost');
    expect(run.stdout).toBe('');
    expect(query<{ id: string }>('SELECT id FROM audit_log')).toEqual(before);
  });
});

describe('npm run admin -- create --role (SQLite)', () => {
  const JUROR = 'judge.cli';
  const JUROR_PASSWORD = 'a juror’s own long password';
  let app: FastifyInstance;

  beforeAll(async () => {
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir };
    app = await buildApp(loadConfig(env), { clock: adminClock });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  interface AccountRow {
    role: string;
    display_name: string | null;
    email: string | null;
  }
  const accountOf = (username: string) =>
    query<AccountRow>(
      'SELECT role, display_name, email FROM admin_users WHERE username = ?',
      username,
    )[0];

  it('--role juror creates a juror from the piped password: named as the username, no e-mail, audited', async () => {
    const run = await runCli(['create', JUROR, '--role', 'juror'], `${JUROR_PASSWORD}\n`);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(`Created the juror ${JUROR}.`);
    expect(accountOf(JUROR)).toEqual({ role: 'juror', display_name: JUROR, email: null });
    expect(storedHash(JUROR)).toMatch(/^\$argon2id\$/);
    const audit = query<{ actor: string; action: string }>(
      'SELECT actor, action FROM audit_log WHERE entity_id = (SELECT id FROM admin_users WHERE username = ?)',
      JUROR,
    );
    expect(audit).toEqual([{ actor: 'command line', action: 'juror.create' }]);

    // The juror signs in with that password, as a juror: the admin area refuses them.
    const token = await signIn(app, JUROR, JUROR_PASSWORD);
    expect((await whoAmI(app, token)).json()).toMatchObject({ username: JUROR, role: 'juror' });
    const dashboard = await app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      cookies: { ws_session: token },
    });
    expect(dashboard.statusCode).toBe(403);
    expect(dashboard.json().error.code).toBe('ADMINS_ONLY');
  });

  it('--role admin, and no role, create an admin as before', async () => {
    for (const [username, args] of [
      ['role.admin', ['--role', 'admin']],
      ['role.none', []],
    ] as const) {
      const run = await runCli(['create', username, ...args], 'a-long-enough-password\n');
      expect(run.stderr, username).toBe('');
      expect(run.code, username).toBe(0);
      expect(run.stdout.trim()).toBe(`Created the admin ${username}.`);
      expect(accountOf(username)).toEqual({ role: 'admin', display_name: null, email: null });
    }
  });

  it('refuses an unknown role with exit 1 and a message, and creates nothing', async () => {
    const before = query<{ id: string }>('SELECT id FROM audit_log');
    const run = await runCli(['create', 'role.boss', '--role', 'boss'], 'a-long-enough-password\n');
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('Unknown role boss: use admin or juror.');
    expect(run.stdout).toBe('');
    expect(accountOf('role.boss')).toBeUndefined();
    expect(query<{ id: string }>('SELECT id FROM audit_log')).toEqual(before);
  });

  it('prints the usage and exits 2 for --role without a value, on another command, or an unknown option', async () => {
    for (const args of [
      ['create', 'role.x', '--role'],
      ['reset-password', JUROR, '--role', 'juror'],
      ['create', 'role.x', '--admin'],
    ]) {
      const run = await runCli(args, 'a-long-enough-password\n');
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.trim()).toBe(USAGE);
    }
    expect(accountOf('role.x')).toBeUndefined();
    // The juror's password is the one they chose.
    await signIn(app, JUROR, JUROR_PASSWORD);
  });
});
