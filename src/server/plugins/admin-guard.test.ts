import type { HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  login,
  routesFromRouter,
  signIn,
  useAdminTestApp,
} from '../../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS as OURS } from '../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../tests/setup/test-database.ts';

const t = useAdminTestApp();
const CSRF_REJECTED = {
  error: { code: 'CSRF_REJECTED', message: 'This request did not come from this site.' },
};

/** The seeded admin's sign-in with exactly these headers: no CSRF header unless they hold one. */
const loginWith = (headers: Record<string, string>) =>
  login(t, { username: 'admin', password: ADMIN_PASSWORD }, { headers });

describe(`CSRF check on ${TEST_ENGINE}`, () => {
  it('refuses a state-changing request without our header', async () => {
    const response = await loginWith({});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REJECTED);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong value of the header', async () => {
    const response = await loginWith({ 'x-requested-with': 'XMLHttpRequest' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REJECTED);
  });

  it('refuses a request the browser marks cross-site, even with our header', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await loginWith({ ...OURS, 'sec-fetch-site': site });
      expect(response.statusCode, site).toBe(403);
      expect(response.json()).toEqual(CSRF_REJECTED);
    }
  });

  it('refuses another origin, even with our header', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:8080', 'null']) {
      const response = await loginWith({ ...OURS, origin });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual(CSRF_REJECTED);
    }
  });

  it('lets our own origin and a same-origin fetch through', async () => {
    // inject() sends Host: localhost:80, so this app's own origin is http://localhost:80.
    const own = await loginWith({
      ...OURS,
      origin: 'http://localhost:80',
      'sec-fetch-site': 'same-origin',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ username: 'admin' });
    const plain = await loginWith(OURS);
    expect(plain.statusCode).toBe(200);
  });

  it('guards every state-changing /api request, whatever route it reaches', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/auth/logout', '/api/admin/users', '/api/no/such/thing']) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toEqual(CSRF_REJECTED);
      }
    }
  });

  it('never asks for the header on GET', async () => {
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(session.statusCode).toBe(401);
    expect(session.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe(`Admin session guard on ${TEST_ENGINE}`, () => {
  it('answers 401 on every /api/admin route the router knows when nobody is signed in', async () => {
    const admin = routesFromRouter(t).filter(
      (r) => r.url === '/api/admin' || r.url.startsWith('/api/admin/'),
    );
    expect(admin).toContainEqual({ method: 'GET', url: '/api/admin/dashboard' });
    expect(admin).toContainEqual({ method: 'DELETE', url: '/api/admin/users/:id' });
    for (const route of admin) {
      const url = route.url.replace(/:[^/]+/g, 'x').replace(/\*/g, 'x');
      const response = await t.app.inject({
        method: route.method as HTTPMethods,
        url,
        headers: OURS,
      });
      expect(response.statusCode, `${route.method} ${url}`).toBe(401);
      if (route.method !== 'HEAD') {
        expect(response.json(), `${route.method} ${url}`).toMatchObject({
          error: { code: 'UNAUTHENTICATED' },
        });
      }
    }
  });

  it('cannot be bypassed with a percent-encoded path the router decodes', async () => {
    for (const url of ['/api/%61dmin/dashboard', '/%61pi/admin/dashboard', '/api/admi%6E/users']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/%61pi/admin/users',
      payload: { username: 'intruder', password: 'long enough password' },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toEqual(CSRF_REJECTED);
    const withHeader = await t.app.inject({
      method: 'POST',
      url: '/%61pi/admin/users',
      headers: OURS,
      payload: { username: 'intruder', password: 'long enough password' },
    });
    expect(withHeader.statusCode).toBe(401);
  });

  it('answers 401 with a forged session cookie', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      cookies: { ws_session: 'A'.repeat(43) },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('lets a signed-in admin reach the dashboard', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    expect(token).toBeTruthy();
    const response = await asAdmin(t, token, 'GET', '/api/admin/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      totalCompetitions: expect.any(Number),
      recentCompetitions: expect.any(Array),
    });
  });
});
