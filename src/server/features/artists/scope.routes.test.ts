import type { HTTPMethods } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  routesFromRouter,
  type RouterRoute,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import {
  addArtistEntry,
  clearArtists,
  signInArtist,
} from '../../../../tests/setup/artist-session.ts';
import { OUR_CLIENT_HEADERS as OURS } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { createAccount } from '../auth/accounts.service.ts';

/*
 * The artist's scope and the others keep apart: every /api/me route the router knows refuses a
 * visitor signed out, an admin and a juror (their sessions are not an artist's, in either
 * cookie), and every /api/admin and /api/jury route refuses an artist's session. The routes are
 * read from the router, so a route added later to any of these scopes is covered here.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;

const JUROR = 'scope.juror';
const JUROR_PASSWORD = 'a juror’s long password';
const ASHA = 'asha.rao@example.com';
const ANY_ID = '00000000-0000-4000-8000-000000000000';

beforeEach(async () => {
  await clearArtists(t);
  await addArtistEntry(t, ASHA);
  await createAccount(
    db(),
    {
      username: JUROR,
      password: JUROR_PASSWORD,
      juror: { displayName: 'Scope Juror', email: 'scope.juror@example.org' },
    },
    undefined,
    new Date(),
  );
});

const inScope = (prefix: string) => (route: RouterRoute) =>
  route.url === prefix || route.url.startsWith(`${prefix}/`);

/** A request to the route as our client (the CSRF header passes), its parameters filled. */
function call(route: RouterRoute, cookies: Record<string, string> | undefined) {
  const url = route.url.replace(/:[^/]+/g, ANY_ID).replace(/\*/g, 'anything');
  return t.app.inject({
    method: route.method as HTTPMethods,
    url,
    headers: OURS,
    ...(cookies ? { cookies } : {}),
  });
}

/** Expects 401 UNAUTHENTICATED (no body for HEAD) and no-store from each route. */
async function expectEachUnauthenticated(
  routes: readonly RouterRoute[],
  cookies: Record<string, string> | undefined,
) {
  for (const route of routes) {
    const response = await call(route, cookies);
    const what = `${route.method} ${route.url} with ${JSON.stringify(Object.keys(cookies ?? {}))}`;
    expect(response.statusCode, what).toBe(401);
    if (route.method !== 'HEAD') expect(response.json().error.code, what).toBe('UNAUTHENTICATED');
    expect(response.headers['cache-control'], what).toBe('no-store');
  }
}

describe(`the /api/me scope on ${TEST_ENGINE}`, () => {
  const meRoutes = () => routesFromRouter(t).filter(inScope('/api/me'));

  it('every /api/me route refuses a visitor signed out, an admin and a juror with 401', async () => {
    const routes = meRoutes();
    expect(routes).toContainEqual({ method: 'GET', url: '/api/me' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/me/sign-out' });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/me/*' });
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const juror = await signIn(t, JUROR, JUROR_PASSWORD);
    await expectEachUnauthenticated(routes, undefined);
    for (const token of [admin, juror]) {
      // Their own cookie is not read here, and their token is no artist's session either.
      await expectEachUnauthenticated(routes, { ws_session: token });
      await expectEachUnauthenticated(routes, { ws_artist: token });
    }
  });

  it('lets an artist past the guard: an unknown address is then a 404', async () => {
    const token = await signInArtist(t, ASHA);
    const response = await call({ method: 'GET', url: '/api/me/anything' }, { ws_artist: token });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe(`an artist's session elsewhere on ${TEST_ENGINE}`, () => {
  it('is refused with 401 by every /api/admin and /api/jury route the router knows', async () => {
    const routes = routesFromRouter(t).filter(
      (route) => inScope('/api/admin')(route) || inScope('/api/jury')(route),
    );
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toContainEqual({ method: 'GET', url: '/api/jury/*' });
    const token = await signInArtist(t, ASHA);
    await expectEachUnauthenticated(routes, { ws_artist: token });
    await expectEachUnauthenticated(routes, { ws_session: token });
  });

  it('is no admin or juror session at /api/auth/session either', async () => {
    const token = await signInArtist(t, ASHA);
    const both: Record<string, string>[] = [{ ws_artist: token }, { ws_session: token }];
    for (const cookies of both) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies });
      expect(response.statusCode).toBe(401);
    }
  });
});
