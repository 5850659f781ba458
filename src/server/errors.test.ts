import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD as PASSWORD,
  asAdmin,
  auditActions,
  freshAddress,
  login,
  signIn,
  useAdminTestApp,
} from '../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS as OURS } from '../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../tests/setup/test-database.ts';

/*
 * PostgreSQL text cannot hold the NUL character and refuses the whole query with an error, which
 * used to leave as a 500. A NUL in a request's body, path or query string is refused as a 400
 * before any handler, on both engines alike; a malformed id in an admin path is refused by its
 * schema or, for competitions and categories, is a 404.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const NUL = '\u0000';
const NUL_REFUSED = {
  error: { code: 'BAD_REQUEST', message: 'The request contains a NUL character.' },
};
const NEW_PASSWORD = 'a long enough password';

const usernames = async () =>
  (await db().selectFrom('admin_users').select('username').orderBy('username').execute()).map(
    (r) => r.username,
  );
const count = async (table: 'login_failures' | 'sessions' | 'audit_log') =>
  (await db().selectFrom(table).select('id').execute()).length;

function expectNulRefused(response: LightMyRequestResponse, label: string): void {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
  expect(response.json(), label).toEqual(NUL_REFUSED);
}

describe(`a NUL character in a request on ${TEST_ENGINE}`, () => {
  it('anywhere in a sign-in body is a 400 BAD_REQUEST, and nothing is written', async () => {
    const bodies: [string, Record<string, unknown>][] = [
      ['in the username', { username: `ad${NUL}min`, password: PASSWORD }],
      ['as the whole username', { username: NUL, password: PASSWORD }],
      ['in the password', { username: 'admin', password: `${PASSWORD}${NUL}` }],
      ['in the code', { username: 'admin', password: PASSWORD, code: `12${NUL}456` }],
      ['in a nested object', { username: 'admin', password: PASSWORD, extra: { deep: NUL } }],
      ['in a nested array', { username: 'admin', password: PASSWORD, extra: [[`a${NUL}`]] }],
    ];
    for (const [label, body] of bodies) {
      expectNulRefused(await login(t, body), label);
    }
    // Refused before the sign-in: no failure counted, no session, no audit entry.
    expect(await count('login_failures')).toBe(0);
    expect(await count('sessions')).toBe(0);
    expect(await count('audit_log')).toBe(0);
    // And the right password still signs in.
    await signIn(t, 'admin', PASSWORD);
  });

  it('anywhere in a new admin’s body is a 400 BAD_REQUEST, and no admin is added', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const bodies: [string, Record<string, unknown>][] = [
      ['in the username', { username: `new${NUL}admin`, password: NEW_PASSWORD }],
      ['at the end of the username', { username: `newadmin${NUL}`, password: NEW_PASSWORD }],
      ['in the password', { username: 'newadmin', password: `${NEW_PASSWORD}${NUL}` }],
      ['in a nested object', { username: 'newadmin', password: NEW_PASSWORD, x: { y: NUL } }],
      ['in a nested array', { username: 'newadmin', password: NEW_PASSWORD, x: [1, [NUL]] }],
    ];
    for (const [label, body] of bodies) {
      const response = await asAdmin(t, token, 'POST', '/api/admin/users', body);
      expectNulRefused(response, label);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(await usernames()).toEqual(['admin']);
    expect(await auditActions(db())).toEqual(['auth.sign-in']);
  });

  it('a raw NUL byte in the JSON text is a 400 envelope, never a 500', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const payload = `{"username":"new\u0000admin","password":"${NEW_PASSWORD}"}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { ...OURS, 'content-type': 'application/json' },
      cookies: { ws_session: token },
      remoteAddress: freshAddress(),
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toMatch(/^(BAD_REQUEST|INVALID_JSON)$/);
    expect(await usernames()).toEqual(['admin']);
  });

  it('in a key, where it is never stored, is no 500 and writes no NUL', async () => {
    // Every body schema is a strict object: an unknown key, NUL or not, is dropped unread.
    const token = await signIn(t, 'admin', PASSWORD);
    const response = await asAdmin(t, token, 'POST', '/api/admin/users', {
      username: 'newadmin',
      password: NEW_PASSWORD,
      [`x${NUL}`]: 'y',
    });
    expect(response.statusCode, response.body).toBeLessThan(500);
    const rows = await db().selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('\\u0000');
    expect((await usernames()).join('')).not.toContain(NUL);
  });

  it('DELETE /api/admin/users/%00 and /not-a-uuid are a 400 envelope; nobody is removed', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    for (const id of ['%00', `${'%00'.repeat(3)}x`]) {
      expectNulRefused(await asAdmin(t, token, 'DELETE', `/api/admin/users/${id}`), id);
    }
    const malformed = await asAdmin(t, token, 'DELETE', '/api/admin/users/not-a-uuid');
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(malformed.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Some fields are not valid.',
        fields: { id: expect.any(String) },
      },
    });
    // A well-formed id nobody has is the 404 it always was.
    const unknown = await asAdmin(
      t,
      token,
      'DELETE',
      '/api/admin/users/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    expect(await usernames()).toEqual(['admin']);
  });

  it('in a query string, public or admin, is a 400 BAD_REQUEST', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    for (const query of ['q=%00', 'q=a%00b', 'q=%00&category=%00', 'category=a%00b']) {
      expectNulRefused(await t.app.inject(`/api/competitions?${query}`), query);
    }
    expectNulRefused(await asAdmin(t, token, 'GET', '/api/admin/audit-log?page=1%00'), 'audit');
  });

  it('in a path parameter is a 400 BAD_REQUEST on every method, and nothing is written', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const before = await count('audit_log');
    const category = { name: 'Painting' };
    const calls = [
      ['GET', '/api/admin/categories/a%00b'],
      ['PUT', '/api/admin/categories/a%00b', category],
      ['DELETE', '/api/admin/categories/a%00b'],
      ['GET', '/api/admin/competitions/%00'],
      ['DELETE', '/api/admin/competitions/a%00b'],
      ['PUT', '/api/admin/banners/a%00b', { title: 'a', description: 'b', imageUrl: '' }],
      ['GET', '/api/competitions/%00'],
      ['GET', '/api/pages/about%00'],
      ['GET', '/media/a%00.jpg'],
    ] as const;
    for (const [method, url, payload] of calls) {
      expectNulRefused(await asAdmin(t, token, method, url, payload), `${method} ${url}`);
    }
    expect(await count('audit_log')).toBe(before);
    expect(
      await db().selectFrom('categories').select('id').execute(),
      'no category was added',
    ).toEqual([]);
  });
});
