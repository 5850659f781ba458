import type { HTTPMethods } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  routesFromRouter,
  type RouterRoute,
  signIn,
  useAdminTestApp,
  whoAmI,
} from '../../../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS as OURS } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { createAccount } from '../auth/accounts.service.ts';

/*
 * The two roles keep to their own scopes: a juror is refused by every /api/admin route the router
 * knows, an admin by every /api/jury route, each with its own code; nobody signed in gets a 401.
 * The routes are read from the router, so a route added later is covered without touching this.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;

const JUROR = 'role.juror';
const JUROR_PASSWORD = 'a juror’s long password';
const ANY_ID = '00000000-0000-4000-8000-000000000000';
/** The scope's own catch-all, which answers its unknown addresses after the guard. */
const JURY_UNKNOWN = '/api/jury/anything';

beforeEach(async () => {
  await createAccount(
    db(),
    {
      username: JUROR,
      password: JUROR_PASSWORD,
      juror: { displayName: 'Role Juror', email: 'role.juror@example.org' },
    },
    undefined,
    new Date(),
  );
});

const inScope = (prefix: string) => (route: RouterRoute) =>
  route.url === prefix || route.url.startsWith(`${prefix}/`);

/** A request to the route as our client (the CSRF header passes), its parameters filled. */
function call(route: RouterRoute, session: string | undefined) {
  const url = route.url.replace(/:[^/]+/g, ANY_ID).replace(/\*/g, 'anything');
  return t.app.inject({
    method: route.method as HTTPMethods,
    url,
    headers: OURS,
    ...(session === undefined ? {} : { cookies: { ws_session: session } }),
  });
}

/** Expects `status` and, but for HEAD (no body), the error `code` from each route. */
async function expectEach(
  routes: readonly RouterRoute[],
  session: string | undefined,
  status: number,
  code: string,
): Promise<void> {
  for (const route of routes) {
    const response = await call(route, session);
    const what = `${route.method} ${route.url}`;
    expect(response.statusCode, what).toBe(status);
    if (route.method !== 'HEAD') expect(response.json().error.code, what).toBe(code);
    expect(response.headers['cache-control'], what).toBe('no-store');
  }
}

const accountCount = async () =>
  (await db().selectFrom('admin_users').select('id').execute()).length;

describe(`a juror’s session on ${TEST_ENGINE}`, () => {
  it('signs in through /api/auth/login and the session says role juror', async () => {
    const token = await signIn(t, JUROR, JUROR_PASSWORD);
    const session = await whoAmI(t, token);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({
      username: JUROR,
      role: 'juror',
      twoFactorEnabled: false,
      twoFactorSetupRequired: false,
    });
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    expect((await whoAmI(t, admin)).json()).toMatchObject({ role: 'admin' });
  });

  it('is refused with 403 ADMINS_ONLY by every /api/admin route the router knows', async () => {
    const adminRoutes = routesFromRouter(t).filter(inScope('/api/admin'));
    // The enumeration found the admin area, the jurors' routes among it.
    expect(adminRoutes.length).toBeGreaterThan(20);
    for (const known of [
      { method: 'GET', url: '/api/admin/dashboard' },
      { method: 'DELETE', url: '/api/admin/users/:id' },
      { method: 'GET', url: '/api/admin/jurors' },
      { method: 'POST', url: '/api/admin/jurors' },
      { method: 'POST', url: '/api/admin/jurors/:id/invitation' },
      { method: 'DELETE', url: '/api/admin/jurors/:id' },
    ]) {
      expect(adminRoutes).toContainEqual(known);
    }
    const token = await signIn(t, JUROR, JUROR_PASSWORD);
    const before = await accountCount();
    await expectEach(adminRoutes, token, 403, 'ADMINS_ONLY');
    // Nothing went through: the juror is still signed in, every account still there.
    expect((await whoAmI(t, token)).statusCode).toBe(200);
    expect(await accountCount()).toBe(before);
  });
});

describe(`the /api/jury scope on ${TEST_ENGINE}`, () => {
  const juryRoutes = () => routesFromRouter(t).filter(inScope('/api/jury'));

  it('every /api/jury route the router knows answers 403 JURORS_ONLY to an admin and 401 to nobody', async () => {
    const routes = juryRoutes();
    // The scope's own catch-all and the juror's scoring routes, and whatever comes later.
    expect(routes).toContainEqual({ method: 'GET', url: '/api/jury/*' });
    expect(routes).toContainEqual({
      method: 'PUT',
      url: '/api/jury/rounds/:roundId/works/:alias/scores',
    });
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    await expectEach(routes, admin, 403, 'JURORS_ONLY');
    await expectEach(routes, undefined, 401, 'UNAUTHENTICATED');
  });

  it('answers an unknown /api/jury address the same way, whatever the method', async () => {
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const unknown = (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method) => ({
      method,
      url: JURY_UNKNOWN,
    }));
    await expectEach(unknown, admin, 403, 'JURORS_ONLY');
    await expectEach(unknown, undefined, 401, 'UNAUTHENTICATED');
  });

  it('lets a juror past the guard: an unknown address is then a 404, not a refusal', async () => {
    const token = await signIn(t, JUROR, JUROR_PASSWORD);
    const response = await call({ method: 'GET', url: JURY_UNKNOWN }, token);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
