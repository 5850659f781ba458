import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditActions,
  auditRows,
  login,
  signIn,
  useAdminTestApp,
  whoAmI,
} from '../../../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS as OURS } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { createAdmin, requireCurrentPassword } from './accounts.service.ts';
import { beginTwoFactorSetup, twoFactorStatus } from './two-factor.ts';

// Before each test only the seeded 'admin' is left (useAdminTestApp).
const t = useAdminTestApp();
const db = () => t.app.deps.db;

describe(`POST /api/admin/account/password on ${TEST_ENGINE}`, () => {
  const USERNAME = 'Changer.Account';
  const OLD = 'the old password, long enough';
  const NEW = 'a brand new password here';
  const change = (token: string, currentPassword: string, newPassword: string) =>
    asAdmin(t, token, 'POST', '/api/admin/account/password', { currentPassword, newPassword });

  beforeEach(async () => {
    await createAdmin(db(), USERNAME, OLD, undefined, new Date());
  });

  it('refuses a wrong current password with fields.currentPassword', async () => {
    const token = await signIn(t, USERNAME, OLD);
    const response = await change(token, 'not the current one', NEW);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.json().error.fields).toHaveProperty('currentPassword');
    // Nothing changed.
    await signIn(t, USERNAME, OLD);
    expect((await login(t, { username: USERNAME, password: NEW })).statusCode).toBe(401);
  });

  it('refuses a new password shorter than 12 characters, or equal to the username in any case', async () => {
    const token = await signIn(t, USERNAME, OLD);
    const short = await change(token, OLD, 'elevenchars');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('VALIDATION_ERROR');
    expect(short.json().error.message).toBe('Password must be at least 12 characters');

    for (const same of [USERNAME, USERNAME.toLowerCase(), 'cHANGER.aCCOUNT']) {
      const response = await change(token, OLD, same);
      expect(response.statusCode, same).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      expect(response.json().error.message).toBe('Password must not be the username');
    }
    await signIn(t, USERNAME, OLD);
    expect(await auditActions(db())).not.toContain('account.password-change');
  });

  it('sets the new password, keeps this session, ends the other ones and records it', async () => {
    const mine = await signIn(t, USERNAME, OLD);
    const other = await signIn(t, USERNAME, OLD);
    const adminToken = await signIn(t, 'admin', ADMIN_PASSWORD);
    expect(other).not.toBe(mine);
    expect((await whoAmI(t, other)).statusCode).toBe(200);

    const response = await change(mine, OLD, NEW);
    expect(response.statusCode, response.body).toBe(204);

    expect((await whoAmI(t, mine)).statusCode).toBe(200);
    expect((await whoAmI(t, other)).statusCode).toBe(401);
    // Another account's session is left alone.
    expect((await whoAmI(t, adminToken)).statusCode).toBe(200);

    expect((await login(t, { username: USERNAME, password: OLD })).statusCode).toBe(401);
    await signIn(t, USERNAME, NEW);

    const rows = (await auditRows(db())).filter((r) => r.action === 'account.password-change');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actor).toBe(USERNAME);
    const json = JSON.stringify(await db().selectFrom('audit_log').selectAll().execute());
    expect(json).not.toContain(OLD);
    expect(json).not.toContain(NEW);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/account/password',
      headers: OURS,
      payload: { currentPassword: OLD, newPassword: NEW },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe(`/api/admin/users on ${TEST_ENGINE}`, () => {
  const PASSWORD = 'second admin password';

  it('lists the accounts without any password hash', async () => {
    await createAdmin(db(), 'second', PASSWORD, undefined, new Date());
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const response = await asAdmin(t, token, 'GET', '/api/admin/users');
    expect(response.statusCode).toBe(200);
    const users = response.json() as Array<Record<string, unknown>>;
    expect(users.map((u) => u.username)).toEqual(['admin', 'second']);
    for (const user of users) {
      expect(Object.keys(user).sort()).toEqual(['createdAt', 'id', 'twoFactor', 'username']);
      expect(user.twoFactor).toBe(false);
    }
    expect(response.body).not.toMatch(/argon2|password_hash|passwordHash/i);
  });

  it('creates an admin who can sign in, and records it', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const response = await asAdmin(t, token, 'POST', '/api/admin/users', {
      username: 'newcomer',
      password: PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as { id: string; username: string };
    expect(created.username).toBe('newcomer');
    expect(JSON.stringify(created)).not.toContain('argon2');
    await signIn(t, 'newcomer', PASSWORD);

    const row = await db()
      .selectFrom('admin_users')
      .select('password_hash')
      .where('username', '=', 'newcomer')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const audit = (await auditRows(db())).filter((r) => r.action === 'admin_user.create');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor).toBe('admin');
    expect(audit[0]?.entity_id).toBe(created.id);
    expect(audit[0]?.details).not.toContain(PASSWORD);
  });

  it('refuses a taken name, a bad name and a short password', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    await createAdmin(db(), 'taken', PASSWORD, undefined, new Date());

    const taken = await asAdmin(t, token, 'POST', '/api/admin/users', {
      username: 'taken',
      password: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('USERNAME_TAKEN');

    for (const username of ['a b', 'x']) {
      const bad = await asAdmin(t, token, 'POST', '/api/admin/users', {
        username,
        password: PASSWORD,
      });
      expect(bad.statusCode, username).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_ERROR');
      expect(bad.json().error.fields).toHaveProperty('username');
    }

    const short = await asAdmin(t, token, 'POST', '/api/admin/users', {
      username: 'shorty',
      password: 'too short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('VALIDATION_ERROR');
    expect(short.json().error.message).toBe('Password must be at least 12 characters');

    const names = (await db().selectFrom('admin_users').select('username').execute())
      .map((r) => r.username)
      .sort();
    expect(names).toEqual(['admin', 'taken']);
    expect(await auditActions(db())).not.toContain('admin_user.create');
  });

  it('removes another admin and ends their sessions; unknown id is 404', async () => {
    const other = await createAdmin(db(), 'leaving', PASSWORD, undefined, new Date());
    const theirs = await signIn(t, 'leaving', PASSWORD);
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    expect((await whoAmI(t, theirs)).statusCode).toBe(200);

    const response = await asAdmin(t, token, 'DELETE', `/api/admin/users/${other.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect((await whoAmI(t, theirs)).statusCode).toBe(401);
    expect((await asAdmin(t, theirs, 'GET', '/api/admin/users')).statusCode).toBe(401);
    expect((await login(t, { username: 'leaving', password: PASSWORD })).statusCode).toBe(401);
    expect((await whoAmI(t, token)).statusCode).toBe(200);

    const audit = (await auditRows(db())).filter((r) => r.action === 'admin_user.delete');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.entity_id).toBe(other.id);
    expect(audit[0]?.actor).toBe('admin');

    const unknown = await asAdmin(t, token, 'DELETE', `/api/admin/users/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
  });

  it('lets an admin remove their own account while another remains; the log keeps the name', async () => {
    const other = await createAdmin(db(), 'self-remover', PASSWORD, undefined, new Date());
    const token = await signIn(t, 'self-remover', PASSWORD);
    const response = await asAdmin(t, token, 'DELETE', `/api/admin/users/${other.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect((await whoAmI(t, token)).statusCode).toBe(401);
    const audit = (await auditRows(db())).filter((r) => r.action === 'admin_user.delete');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'self-remover', entity_id: other.id });
  });

  it('refuses to remove the last admin', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const admin = await db()
      .selectFrom('admin_users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const response = await asAdmin(t, token, 'DELETE', `/api/admin/users/${admin.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('LAST_ADMIN');
    expect(await db().selectFrom('admin_users').select('id').execute()).toHaveLength(1);
    expect((await whoAmI(t, token)).statusCode).toBe(200);
    expect(await auditActions(db())).not.toContain('admin_user.delete');
  });

  it('leaves one admin when the last two remove each other at the same moment', async () => {
    const PASSWORD = 'another long enough password';
    await createAdmin(db(), 'second-admin', PASSWORD, undefined, new Date());
    const ids = await db().selectFrom('admin_users').select(['id', 'username']).execute();
    const id = (name: string) => ids.find((r) => r.username === name)?.id ?? '';
    const first = await signIn(t, 'admin', ADMIN_PASSWORD);
    const second = await signIn(t, 'second-admin', PASSWORD);
    const answers = await Promise.all([
      asAdmin(t, first, 'DELETE', `/api/admin/users/${id('second-admin')}`),
      asAdmin(t, second, 'DELETE', `/api/admin/users/${id('admin')}`),
    ]);
    // The loser is refused as the last admin, or (when the winner finished first) as signed out.
    const [won, lost] = answers.map((r) => r.statusCode).sort();
    expect(won).toBe(204);
    expect([401, 409]).toContain(lost);
    expect(await db().selectFrom('admin_users').select('id').execute()).toHaveLength(1);
    // Put the seeded admin back for the tests that follow, if it was the one removed.
    const seeded = db().selectFrom('admin_users').select('id').where('username', '=', 'admin');
    if (!(await seeded.executeTakeFirst())) {
      await createAdmin(db(), 'admin', ADMIN_PASSWORD, undefined, new Date());
    }
  });
});

describe(`GET /api/admin/audit-log on ${TEST_ENGINE}`, () => {
  interface Page {
    page: number;
    pageSize: number;
    total: number;
    entries: Array<{ action: string; createdAt: string }>;
  }

  it('pages newest first, 50 to a page', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    await db().deleteFrom('audit_log').execute();
    const base = Date.now() - 60 * 60 * 1000;
    await db()
      .insertInto('audit_log')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          id: randomUUID(),
          admin_user_id: null,
          actor: 'admin',
          action: `test.action-${String(i).padStart(2, '0')}`,
          entity_type: null,
          entity_id: null,
          details: null,
          created_at: new Date(base + i * 1000).toISOString(),
        })),
      )
      .execute();

    const first = await asAdmin(t, token, 'GET', '/api/admin/audit-log');
    expect(first.statusCode).toBe(200);
    const one = first.json() as Page;
    expect(one.page).toBe(1);
    expect(one.pageSize).toBe(50);
    expect(one.total).toBe(60);
    expect(one.entries).toHaveLength(50);
    expect(one.entries[0]?.action).toBe('test.action-59');
    expect(one.entries[49]?.action).toBe('test.action-10');
    const times = one.entries.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const second = await asAdmin(t, token, 'GET', '/api/admin/audit-log?page=2');
    expect(second.statusCode).toBe(200);
    const two = second.json() as Page;
    expect(two.page).toBe(2);
    expect(two.total).toBe(60);
    expect(two.entries.map((e) => e.action)).toEqual(
      Array.from({ length: 10 }, (_, i) => `test.action-${String(9 - i).padStart(2, '0')}`),
    );

    for (const bad of ['abc', '-1', '0']) {
      const response = await asAdmin(t, token, 'GET', `/api/admin/audit-log?page=${bad}`);
      expect(response.statusCode, bad).toBe(200);
      const page = response.json() as Page;
      expect(page.page, bad).toBe(1);
      expect(page.entries[0]?.action).toBe('test.action-59');
    }
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log' });
    expect(response.statusCode).toBe(401);
  });

  it('never contains a password', async () => {
    const USER_PASSWORD = 'first password of user';
    const CHANGED = 'second password of user';
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    expect(
      (await login(t, { username: 'admin', password: 'a wrong admin password' })).statusCode,
    ).toBe(401);
    const created = await asAdmin(t, token, 'POST', '/api/admin/users', {
      username: 'audited',
      password: USER_PASSWORD,
    });
    expect(created.statusCode).toBe(201);
    const theirs = await signIn(t, 'audited', USER_PASSWORD);
    const changed = await asAdmin(t, theirs, 'POST', '/api/admin/account/password', {
      currentPassword: USER_PASSWORD,
      newPassword: CHANGED,
    });
    expect(changed.statusCode).toBe(204);
    const removed = await asAdmin(
      t,
      token,
      'DELETE',
      `/api/admin/users/${(created.json() as { id: string }).id}`,
    );
    expect(removed.statusCode).toBe(204);

    const response = await asAdmin(t, token, 'GET', '/api/admin/audit-log');
    expect(response.statusCode).toBe(200);
    const page = response.json() as Page;
    expect(page.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'auth.sign-in',
        'auth.sign-in-failed',
        'admin_user.create',
        'account.password-change',
        'admin_user.delete',
      ]),
    );
    for (const secret of [ADMIN_PASSWORD, 'a wrong admin password', USER_PASSWORD, CHANGED]) {
      expect(response.body).not.toContain(secret);
    }
    expect(response.body).not.toMatch(/argon2/);
  });
});

describe(`an account removed while its request is under way, on ${TEST_ENGINE}`, () => {
  // The guard let the request in a moment before another admin removed the account: the
  // handler answers as for a session that has ended, never with a 500.
  const gone = { adminUserId: randomUUID(), username: 'removed-meanwhile', sessionId: 'x' };

  it('asking for the password again answers 401 and leaves no failure behind', async () => {
    const asking = requireCurrentPassword(
      db(),
      gone,
      'any password at all',
      '10.9.9.9',
      undefined,
      new Date(),
    );
    await expect(asking).rejects.toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    const failures = await db().selectFrom('login_failures').select('id').execute();
    expect(failures).toEqual([]);
  });

  it('two-factor status and set-up answer 401', async () => {
    await expect(twoFactorStatus(db(), gone.adminUserId, false)).rejects.toMatchObject({
      statusCode: 401,
    });
    const admin = { ...gone, twoFactorEnabled: false };
    await expect(beginTwoFactorSetup(db(), admin, new Date())).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});
