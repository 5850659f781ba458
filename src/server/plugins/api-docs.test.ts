import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signIn } from '../../../tests/setup/admin-session.ts';
import { buildTestApp, type TestApp, useTestApp } from '../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../tests/setup/test-database.ts';

/* The API's description lists every admin route, so in production it is an admin's. */

const DOCS = [
  '/api/docs',
  '/api/docs/',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/index.html',
];

describe(`/api/docs in production on ${TEST_ENGINE}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ nodeEnv: 'production', adminPassword: ADMIN_PASSWORD });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 with the envelope, and nothing of the API, to anyone not signed in', async () => {
    // The router decodes '%61' to 'a': the route it matches is guarded as well as the raw path.
    for (const url of [...DOCS, '/api/docs/json?x=1', '/%61pi/docs/json']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' },
      });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const stale = await t.app.inject({ url: '/api/docs/json', cookies: { ws_session: 'nope' } });
    expect(stale.statusCode).toBe(401);
  });

  it('shows a signed-in admin the page and the description with its admin routes', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const page = await t.app.inject({ url: '/api/docs', cookies: { ws_session: token } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const json = await t.app.inject({ url: '/api/docs/json', cookies: { ws_session: token } });
    expect(json.statusCode).toBe(200);
    const paths = Object.keys((json.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/admin/competitions']));
  });
});

describe(`/api/docs in development and tests on ${TEST_ENGINE}`, () => {
  const t = useTestApp();

  it('stays open, for the people building the site', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys((response.json() as { paths: object }).paths)).toContain('/api/health');
  });
});
