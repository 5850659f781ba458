import Fastify, { type HTTPMethods, type LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  freshAddress,
  login,
  routesFromRouter,
  routesFromTree,
  signIn,
  useAdminTestApp,
} from '../../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS as OURS } from '../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../tests/setup/test-database.ts';
import { DEFAULT_SECURITY_SETTINGS } from '../../shared/schemas/security-settings.ts';
import { hashSessionToken } from '../features/auth/sessions.ts';
import { securityHeaders } from './security.ts';

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

  it('answers 401 on an /api/admin address no route has, so nobody learns which exist', async () => {
    for (const method of ['GET', 'HEAD', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/admin/no-such-thing/deeper',
        headers: OURS,
      });
      expect(response.statusCode, method).toBe(401);
      expect(response.headers['cache-control'], method).toBe('no-store');
    }
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

/** The /api/admin routes the app has today; a new one is added here as it comes. */
const KNOWN_ADMIN_ROUTES = [
  { method: 'GET', url: '/api/admin/dashboard' },
  { method: 'GET', url: '/api/admin/users' },
  { method: 'POST', url: '/api/admin/users' },
  { method: 'DELETE', url: '/api/admin/users/:id' },
  { method: 'POST', url: '/api/admin/account/password' },
  { method: 'GET', url: '/api/admin/account/two-factor' },
  { method: 'POST', url: '/api/admin/account/two-factor/setup' },
  { method: 'POST', url: '/api/admin/account/two-factor/enable' },
  { method: 'POST', url: '/api/admin/account/two-factor/recovery-codes' },
  { method: 'POST', url: '/api/admin/account/two-factor/disable' },
  { method: 'GET', url: '/api/admin/audit-log' },
  { method: 'GET', url: '/api/admin/security-settings' },
  { method: 'PUT', url: '/api/admin/security-settings' },
];
const isAdminRoute = (url: string) => url === '/api/admin' || url.startsWith('/api/admin/');
/** The GETs of the admin area. */
const ADMIN_GETS = [
  '/api/admin/users',
  '/api/admin/audit-log',
  '/api/admin/security-settings',
  '/api/admin/account/two-factor',
  '/api/admin/dashboard',
];

/** Every admin must turn two-factor on before anything else (a security setting). */
const requireTwoFactor = () =>
  t.app.deps.settings.updateSettings({
    security: { ...DEFAULT_SECURITY_SETTINGS, requireTwoFactor: true },
  });

describe(`the guard’s refusals carry the security headers on ${TEST_ENGINE}`, () => {
  // The headers helmet sets (plugins/security.ts): CSP, nosniff, frame options, referrer policy…
  const NAMES = Object.keys(securityHeaders()).sort();
  const securityPart = (response: LightMyRequestResponse) =>
    Object.fromEntries(NAMES.map((name) => [name, response.headers[name]]));

  it('401 UNAUTHENTICATED, 403 CSRF_REJECTED and 403 TWO_FACTOR_SETUP_REQUIRED: as on /api/settings', async () => {
    const normal = await t.app.inject('/api/settings');
    expect(normal.statusCode).toBe(200);
    const expected = securityPart(normal);
    // The ones that matter most, present on the normal answer to compare with.
    for (const name of NAMES) expect(expected[name], name).toEqual(expect.any(String));
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(expected['x-content-type-options']).toBe('nosniff');
    expect(expected['x-frame-options']).toBe('SAMEORIGIN');
    expect(expected['referrer-policy']).toBe('strict-origin-when-cross-origin');

    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const refusals: [string, number, string, LightMyRequestResponse][] = [
      ['no session', 401, 'UNAUTHENTICATED', await t.app.inject('/api/admin/dashboard')],
      [
        'forged session',
        401,
        'UNAUTHENTICATED',
        await asAdmin(t, 'A'.repeat(43), 'POST', '/api/admin/users', {}),
      ],
      [
        'no CSRF header, admin path',
        403,
        'CSRF_REJECTED',
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/users',
          cookies: { ws_session: token },
        }),
      ],
      [
        'another origin, sign-in',
        403,
        'CSRF_REJECTED',
        await login(
          t,
          { username: 'admin', password: ADMIN_PASSWORD },
          { headers: { ...OURS, origin: 'https://evil.example' } },
        ),
      ],
    ];
    await requireTwoFactor();
    refusals.push([
      'two-factor required',
      403,
      'TWO_FACTOR_SETUP_REQUIRED',
      await asAdmin(t, token, 'GET', '/api/admin/dashboard'),
    ]);
    for (const [label, status, code, response] of refusals) {
      expect(response.statusCode, label).toBe(status);
      expect(response.json().error.code, label).toBe(code);
      expect(securityPart(response), label).toEqual(expected);
    }
  });
});

describe(`no admin answer is kept by a browser or a proxy on ${TEST_ENGINE}`, () => {
  it('the admin GETs answer cache-control: no-store, 200 when signed in and 401 when not', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    for (const url of ADMIN_GETS) {
      for (const method of ['GET', 'HEAD'] as const) {
        const signedIn = await asAdmin(t, token, method, url);
        expect(signedIn.statusCode, `${method} ${url}`).toBe(200);
        expect(signedIn.headers['cache-control'], `${method} ${url}`).toBe('no-store');
        const anonymous = await t.app.inject({ method, url });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        expect(anonymous.headers['cache-control'], `${method} ${url}`).toBe('no-store');
      }
    }
  });

  it('every /api/admin route the router knows answers its 401 with no-store', async () => {
    for (const route of routesFromRouter(t).filter((r) => isAdminRoute(r.url))) {
      const url = route.url.replace(/:[^/]+/g, 'x').replace(/\*/g, 'x');
      const response = await t.app.inject({
        method: route.method as HTTPMethods,
        url,
        headers: OURS,
      });
      expect(response.statusCode, `${route.method} ${url}`).toBe(401);
      expect(response.headers['cache-control'], `${route.method} ${url}`).toBe('no-store');
    }
  });

  it('the refusals of a signed-in admin are no-store too: 400, 404, 409, 415, 429 and 403', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const { id } = await t.app.deps.db
      .selectFrom('admin_users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const answers: [number, LightMyRequestResponse][] = [
      [400, await asAdmin(t, token, 'POST', '/api/admin/users', {})],
      [400, await asAdmin(t, token, 'DELETE', '/api/admin/users/not-a-uuid')],
      [404, await asAdmin(t, token, 'GET', '/api/admin/no-such-thing')],
      [
        404,
        await asAdmin(t, token, 'DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000'),
      ],
      [409, await asAdmin(t, token, 'DELETE', `/api/admin/users/${id}`)],
      [
        415,
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/users',
          headers: { ...OURS, 'content-type': 'text/csv' },
          cookies: { ws_session: token },
          payload: 'username,password',
        }),
      ],
    ];
    // Five failed password checks in this session: the password check's 429 (a
    // session's confirmations have their own limit).
    for (let i = 0; i < 5; i++) {
      await t.app.deps.db
        .insertInto('login_failures')
        .values({
          id: `failure-${i}`,
          username: 'admin',
          ip: freshAddress(),
          session_id: hashSessionToken(token),
          failed_at: new Date().toISOString(),
        })
        .execute();
    }
    answers.push([
      429,
      await asAdmin(t, token, 'POST', '/api/admin/account/password', {
        currentPassword: ADMIN_PASSWORD,
        newPassword: 'a brand new password here',
      }),
    ]);
    await requireTwoFactor();
    answers.push([403, await asAdmin(t, token, 'GET', '/api/admin/dashboard')]);
    for (const [status, response] of answers) {
      expect(response.statusCode, response.body).toBe(status);
      expect(response.headers['cache-control'], response.body).toBe('no-store');
    }
  });

  it('the CSRF refusal of an /api/admin request is no-store too', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/users' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CSRF_REJECTED);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('the router’s own refusal of a malformed /api/admin address is no-store too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/%' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
    // The router answers before any hook runs: frameworkErrors sets these itself.
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe(`CSRF check on multipart bodies on ${TEST_ENGINE}`, () => {
  const BOUNDARY = '----white-stroke-test';
  const FORM = [
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="username"',
    '',
    'intruder',
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="password"',
    '',
    'long enough password',
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n');

  const postForm = (
    url: string,
    headers: Record<string, string>,
    token: string | undefined,
    payload = FORM,
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
      ...(token === undefined ? {} : { cookies: { ws_session: token } }),
      remoteAddress: freshAddress(),
      payload,
    });

  it('without our header, from another origin or marked cross-site: 403 before the body is read', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    // Over the 1 MiB body limit: had it been read, the answer would be 413.
    const huge = FORM + 'x'.repeat(2 * 1024 * 1024);
    const cases: [string, Record<string, string>][] = [
      ['no x-requested-with', {}],
      ['another origin', { ...OURS, origin: 'https://evil.example' }],
      ['sec-fetch-site: cross-site', { ...OURS, 'sec-fetch-site': 'cross-site' }],
    ];
    for (const url of ['/api/admin/users', '/api/admin/account/two-factor/setup']) {
      for (const [label, headers] of cases) {
        for (const [body, payload] of [
          ['form', FORM],
          ['huge form', huge],
        ] as const) {
          for (const session of [token, undefined]) {
            const what = `${url}, ${label}, ${body}, ${session ? 'signed in' : 'no session'}`;
            const response = await postForm(url, headers, session, payload);
            expect(response.statusCode, what).toBe(403);
            expect(response.json(), what).toEqual(CSRF_REJECTED);
          }
        }
      }
    }
    const admins = await t.app.deps.db.selectFrom('admin_users').select('username').execute();
    expect(admins.map((a) => a.username)).toEqual(['admin']);
  });

  it('with our header from our own page, the same form reaches body parsing: 415, never 500', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const response = await postForm('/api/admin/users', OURS, token);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('reading the routes from the router', () => {
  it('reads a printed tree: intermediate fragments, parameters, wildcards, several methods', () => {
    const tree = [
      '└── / (GET, HEAD)',
      '    ├── api/',
      '    │   ├── admin/',
      '    │   │   ├── users (GET, HEAD, POST)',
      '    │   │   │   └── /',
      '    │   │   │       └── :id (DELETE)',
      '    │   │   └── export/',
      '    │   │       └── * (GET)',
      '    │   └── health (GET)',
      '    └── * (HEAD, GET)',
      '',
    ].join('\n');
    expect(routesFromTree(tree)).toEqual([
      { method: 'GET', url: '/' },
      { method: 'HEAD', url: '/' },
      { method: 'GET', url: '/api/admin/users' },
      { method: 'HEAD', url: '/api/admin/users' },
      { method: 'POST', url: '/api/admin/users' },
      { method: 'DELETE', url: '/api/admin/users/:id' },
      { method: 'GET', url: '/api/admin/export/*' },
      { method: 'GET', url: '/api/health' },
      { method: 'HEAD', url: '/*' },
      { method: 'GET', url: '/*' },
    ]);
  });

  it('fails loudly on any non-empty line it does not understand', () => {
    const root = '└── / (GET, HEAD)';
    for (const line of [
      '    ├── api/admin/users (GET, HEAD) {"version":"1.2.0"}',
      '    │   • (onRequest) ["guard()"]',
      '            └── deeper (GET)',
      '    ├── api/admin/users (FETCH)',
      '    ├── api/admin/users (get)',
      '    ├── api/admin/users/:id|:userId (DELETE)',
      '    ├──api/admin/users (GET)',
      '  ├── api/admin/users (GET)',
      'api/admin/users (GET)',
      '    ├── ',
      '(empty root node)',
    ]) {
      expect(() => routesFromTree(`${root}\n${line}\n`), line).toThrow(
        /^routesFromTree cannot read the line/,
      );
    }
  });

  it('finds a wildcard route that printRoutes({ commonPrefix: false }) would drop', async () => {
    const app = Fastify();
    for (const url of ['/', '/*', '/api/admin/users', '/api/admin/export/*']) {
      app.get(url, () => 'x');
    }
    await app.ready();
    try {
      expect(app.printRoutes({ commonPrefix: false })).not.toContain('export');
      expect(routesFromRouter(app)).toContainEqual({ method: 'GET', url: '/api/admin/export/*' });
    } finally {
      await app.close();
    }
  });

  it('reads this app’s whole tree, with every /api/admin route known today', () => {
    const routes = routesFromRouter(t);
    const admin = routes.filter((r) => isAdminRoute(r.url) && r.method !== 'HEAD');
    expect(admin).toEqual(expect.arrayContaining(KNOWN_ADMIN_ROUTES));
    // Every admin GET has its HEAD, which the guard answers too.
    for (const route of admin.filter((r) => r.method === 'GET')) {
      expect(routes).toContainEqual({ method: 'HEAD', url: route.url });
    }
    // The tree has not shrunk to nothing readable: the public routes are there as well.
    expect(routes).toContainEqual({ method: 'GET', url: '/api/settings' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/auth/login' });
  });
});
