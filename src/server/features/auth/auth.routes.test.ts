import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD as PASSWORD,
  auditActions,
  auditRows,
  expectLockedOut,
  freshAddress,
  login,
  sessionCookie,
  signIn,
  useAdminTestApp,
  whoAmI,
} from '../../../../tests/setup/admin-session.ts';
import { buildTestApp, OUR_CLIENT_HEADERS as OURS } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { DEFAULT_SESSION_LIMITS, hashSessionToken } from './sessions.ts';

const SESSION_IDLE_MS = DEFAULT_SESSION_LIMITS.sessionIdleMinutes * 60 * 1000;
const SIGNED_IN = {
  username: 'admin',
  role: 'admin',
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
};

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** For the tests whose attempts must all come from one address. */
const LOCAL = { remoteAddress: '127.0.0.1' };

describe(`POST /api/auth/login on ${TEST_ENGINE}`, () => {
  it('signs in with the right password and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await login(t, { username: 'admin', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SIGNED_IN);
    expect(response.headers['cache-control']).toBe('no-store');
    const raw = String(response.headers['set-cookie']);
    expect(raw).toMatch(/^ws_session=[A-Za-z0-9_-]{43};/);
    expect(raw).toContain('HttpOnly');
    expect(raw).toContain('SameSite=Lax');
    expect(raw).toMatch(/Path=\/(;|$)/);
    expect(raw).not.toMatch(/Secure/i);
    expect(raw).not.toMatch(/Domain=/i);
    expect(sessionCookie(response).value).toMatch(TOKEN);
    expect(await auditActions(db())).toEqual(['auth.sign-in']);
  });

  it('stores only a sha256 hash of the session token', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const rows = await db().selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(hashSessionToken(token));
    expect(rows[0]?.id).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('behind an HTTPS proxy the cookie is __Host-ws_session and Secure', async () => {
    const proxied = await buildTestApp({ adminPassword: PASSWORD, trustProxy: true });
    try {
      const response = await login(
        proxied,
        { username: 'admin', password: PASSWORD },
        { headers: { ...OURS, 'x-forwarded-proto': 'https' } },
      );
      expect(response.statusCode).toBe(200);
      const raw = String(response.headers['set-cookie']);
      expect(raw).toMatch(/^__Host-ws_session=[A-Za-z0-9_-]{43};/);
      expect(raw).toContain('Secure');
      expect(raw).toContain('HttpOnly');
      expect(raw).toMatch(/Path=\/(;|$)/);
      expect(raw).not.toMatch(/Domain=/i);
      const token = sessionCookie(response, '__Host-ws_session').value;
      const session = await proxied.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { 'x-forwarded-proto': 'https' },
        cookies: { '__Host-ws_session': token },
      });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toEqual(SIGNED_IN);
    } finally {
      await proxied.close();
    }
  });

  it("TRUST_PROXY naming the proxy's address believes X-Forwarded-Proto from it alone", async () => {
    const proxied = await buildTestApp({ adminPassword: PASSWORD, trustProxy: ['10.0.0.5'] });
    const headers = { ...OURS, 'x-forwarded-proto': 'https' };
    try {
      const viaProxy = await login(
        proxied,
        { username: 'admin', password: PASSWORD },
        { headers, remoteAddress: '10.0.0.5' },
      );
      expect(viaProxy.statusCode).toBe(200);
      expect(sessionCookie(viaProxy, '__Host-ws_session').secure).toBe(true);
      // A client that reaches the server directly cannot claim HTTPS.
      const direct = await login(
        proxied,
        { username: 'admin', password: PASSWORD },
        { headers, remoteAddress: '203.0.113.7' },
      );
      expect(direct.statusCode).toBe(200);
      expect(sessionCookie(direct).secure).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('a wrong password and an unknown user get the same 401 and an audit row each', async () => {
    const wrong = await login(t, { username: 'admin', password: 'not the password' });
    const unknown = await login(t, { username: 'nobody', password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' },
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const rows = await auditRows(db());
    expect(rows.map((r) => r.action)).toEqual(['auth.sign-in-failed', 'auth.sign-in-failed']);
    // A name that is no account's is not recorded: people type passwords into that field.
    expect(rows.map((r) => r.actor).sort()).toEqual(['(unknown user)', 'admin']);
    expect(rows.find((r) => r.actor === '(unknown user)')?.admin_user_id).toBeNull();
    expect(JSON.stringify(rows)).not.toContain('not the password');
    expect(await db().selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('after 5 failures for one username the 6th attempt, even right, gets 429 with Retry-After', async () => {
    // Each from a different address: the username alone is what is counted here.
    for (let i = 0; i < 5; i++) {
      const response = await login(t, { username: 'admin', password: `wrong ${i}` });
      expect(response.statusCode).toBe(401);
    }
    expectLockedOut(await login(t, { username: 'admin', password: PASSWORD }));
    expect(await db().selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('four failures do not block the right password, and success clears the count', async () => {
    for (let i = 0; i < 4; i++) {
      const response = await login(t, { username: 'admin', password: `wrong ${i}` }, LOCAL);
      expect(response.statusCode).toBe(401);
    }
    await signIn(t, 'admin', PASSWORD, LOCAL);
    expect(await db().selectFrom('login_failures').selectAll().execute()).toEqual([]);
  });

  it('after 5 failures from one address across usernames that address gets 429', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      const response = await login(
        t,
        { username: `guess-${i}`, password: 'whatever it is' },
        { remoteAddress: address },
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await login(
      t,
      { username: 'admin', password: PASSWORD },
      { remoteAddress: address },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/,
    );
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    // Another address may still sign the same admin in.
    await signIn(t, 'admin', PASSWORD);
  });

  it('failures older than 15 minutes no longer count', async () => {
    const old = new Date(Date.now() - 15 * 60 * 1000 - 1000).toISOString();
    for (let i = 0; i < 5; i++) {
      await db()
        .insertInto('login_failures')
        .values({ id: `old-${i}`, username: 'admin', ip: '127.0.0.1', failed_at: old })
        .execute();
    }
    await signIn(t, 'admin', PASSWORD, LOCAL);
  });

  it('an over-long password or username is a 400 VALIDATION_ERROR, not a 500', async () => {
    const longPassword = await login(t, { username: 'admin', password: 'x'.repeat(257) });
    expect(longPassword.statusCode).toBe(400);
    expect(longPassword.json().error.code).toBe('VALIDATION_ERROR');
    expect(longPassword.json().error.fields).toHaveProperty('password');

    const longUsername = await login(t, { username: 'a'.repeat(65), password: PASSWORD });
    expect(longUsername.statusCode).toBe(400);
    expect(longUsername.json().error.code).toBe('VALIDATION_ERROR');
    expect(longUsername.json().error.fields).toHaveProperty('username');

    const missing = await login(t, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('a second sign-in from the same browser ends the first session', async () => {
    const first = await signIn(t, 'admin', PASSWORD, LOCAL);
    const again = await login(
      t,
      { username: 'admin', password: PASSWORD },
      { cookies: { ws_session: first } },
    );
    expect(again.statusCode).toBe(200);
    const second = sessionCookie(again).value;
    expect(second).not.toBe(first);
    expect((await whoAmI(t, first)).statusCode).toBe(401);
    expect((await whoAmI(t, second)).statusCode).toBe(200);
    const ids = (await db().selectFrom('sessions').select('id').execute()).map((r) => r.id);
    expect(ids).toEqual([hashSessionToken(second)]);
  });
});

describe(`GET /api/auth/session on ${TEST_ENGINE}`, () => {
  it('answers the signed-in admin for a live cookie', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const response = await whoAmI(t, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SIGNED_IN);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is 401 without a cookie, with a malformed one, and with a forged 43-character token', async () => {
    await signIn(t, 'admin', PASSWORD);
    for (const token of [undefined, 'abc', 'x'.repeat(200), 'A'.repeat(43)]) {
      const response = await whoAmI(t, token);
      expect(response.statusCode, String(token)).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('ends a session idle for more than 2 hours and deletes its row', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const id = hashSessionToken(token);
    await db()
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - SESSION_IDLE_MS - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await whoAmI(t, token)).statusCode).toBe(401);
    expect(await db().selectFrom('sessions').selectAll().where('id', '=', id).execute()).toEqual(
      [],
    );
  });

  it('keeps a session idle for a little under 2 hours and touches it', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const id = hashSessionToken(token);
    const lastSeen = new Date(Date.now() - SESSION_IDLE_MS + 60_000).toISOString();
    await db()
      .updateTable('sessions')
      .set({ last_seen_at: lastSeen })
      .where('id', '=', id)
      .execute();
    expect((await whoAmI(t, token)).statusCode).toBe(200);
    const row = await db()
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.last_seen_at)).toBeGreaterThan(Date.parse(lastSeen));
  });

  it('ends a session past its absolute lifetime', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const id = hashSessionToken(token);
    await db()
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await whoAmI(t, token)).statusCode).toBe(401);
    expect(await db().selectFrom('sessions').selectAll().where('id', '=', id).execute()).toEqual(
      [],
    );
  });
});

describe(`POST /api/auth/logout on ${TEST_ENGINE}`, () => {
  it('ends the session, clears the cookie and records the sign-out', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: OURS,
      cookies: { ws_session: token },
    });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === 'ws_session');
    expect(cleared?.value).toBe('');
    const expired =
      cleared?.maxAge === 0 ||
      (cleared?.expires !== undefined && cleared.expires.getTime() <= Date.now());
    expect(expired).toBe(true);
    expect(await db().selectFrom('sessions').selectAll().execute()).toEqual([]);
    expect((await whoAmI(t, token)).statusCode).toBe(401);
    expect(await auditActions(db())).toEqual(['auth.sign-in', 'auth.sign-out']);
  });

  it('behind an HTTPS proxy clears __Host-ws_session with Secure, Path=/, HttpOnly, SameSite=Lax', async () => {
    // TRUST_PROXY=true (config.ts): only then is X-Forwarded-Proto believed.
    const proxied = await buildTestApp({ adminPassword: PASSWORD, trustProxy: true });
    const HTTPS = { 'x-forwarded-proto': 'https' };
    try {
      const signedIn = await login(
        proxied,
        { username: 'admin', password: PASSWORD },
        { headers: { ...OURS, ...HTTPS } },
      );
      expect(signedIn.statusCode).toBe(200);
      const set = sessionCookie(signedIn, '__Host-ws_session');
      expect(set).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(set.domain).toBeUndefined();

      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...OURS, ...HTTPS },
        cookies: { '__Host-ws_session': set.value },
      });
      expect(response.statusCode).toBe(204);
      // A browser ignores a __Host- cookie without Secure and Path=/: it would stay signed in.
      expect(response.cookies).toHaveLength(1);
      const cleared = sessionCookie(response, '__Host-ws_session');
      expect(cleared).toMatchObject({
        value: '',
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
      });
      expect(cleared.domain).toBeUndefined();
      const expired =
        cleared.maxAge === 0 ||
        (cleared.expires !== undefined && cleared.expires.getTime() <= Date.now());
      expect(expired).toBe(true);
      const raw = String(response.headers['set-cookie']);
      expect(raw).toMatch(/^__Host-ws_session=;/);
      expect(raw).toMatch(/; Secure(;|$)/);
      expect(raw).toMatch(/; Path=\/(;|$)/);

      // The session really ended, and the sign-out is recorded.
      const after = await proxied.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: HTTPS,
        cookies: { '__Host-ws_session': set.value },
      });
      expect(after.statusCode).toBe(401);
      expect(await auditActions(proxied.app.deps.db)).toEqual(['auth.sign-in', 'auth.sign-out']);
    } finally {
      await proxied.close();
    }
  });

  it('without TRUST_PROXY, X-Forwarded-Proto is not believed: the plain cookie, no Secure', async () => {
    const HTTPS = { 'x-forwarded-proto': 'https' };
    const signedIn = await login(
      t,
      { username: 'admin', password: PASSWORD },
      { headers: { ...OURS, ...HTTPS } },
    );
    expect(signedIn.statusCode).toBe(200);
    // The device cookie comes with it, plain too.
    expect(signedIn.cookies.map((c) => c.name)).toEqual(['ws_session', 'ws_device']);
    expect(sessionCookie(signedIn).secure).toBeUndefined();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...OURS, ...HTTPS },
      cookies: { ws_session: sessionCookie(signedIn).value },
    });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.map((c) => c.name)).toEqual(['ws_session']);
    expect(sessionCookie(response)).toMatchObject({ value: '', httpOnly: true, path: '/' });
    expect(sessionCookie(response).secure).toBeUndefined();
  });

  it('without a session is still 204 and records nothing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: OURS });
    expect(response.statusCode).toBe(204);
    expect(await auditActions(db())).toEqual([]);
  });
});
