import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../tests/setup/admin-session.ts';
import { startTcpProxy, type TcpProxy } from '../../tests/setup/tcp-proxy.ts';
import { OUR_CLIENT_HEADERS } from '../../tests/setup/test-app.ts';
import {
  createTestEnvironment,
  TEST_ENGINE,
  type TestEnvironment,
} from '../../tests/setup/test-database.ts';
import { UNAVAILABLE_MESSAGE } from '../shared/messages.ts';
import { buildApp } from './app.ts';
import { initializeSite } from './initialize.ts';

/*
 * PostgreSQL stops while the site runs (a fault the site must survive without losing an entry): the
 * server reaches it through a proxy the test takes down and brings back. Meanwhile the health check
 * and every API answer that needs the database are 503 with the seed's "Unavailable" message, never
 * a 500; once it is back, the same server answers again, without a restart. SQLite has no server to
 * stop.
 */
describe.runIf(TEST_ENGINE === 'postgres')('PostgreSQL stops while the site runs', () => {
  let environment: TestEnvironment;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    environment = await createTestEnvironment({ adminPassword: ADMIN_PASSWORD });
    const url = new URL(environment.config.databaseUrl ?? '');
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.port = String(proxy.port);
    app = await buildApp({ ...environment.config, databaseUrl: url.toString() });
    await initializeSite(app);
    await app.ready();
    token = await signIn(app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await environment?.cleanup();
  });

  const health = async () => (await app.inject('/api/health')).statusCode;
  const submissions = () => asAdmin(app, token, 'GET', '/api/admin/submissions');

  it("answers 503 with the seed's message while it is down, and again as usual once it is back", async () => {
    expect(await health()).toBe(200);
    expect((await submissions()).statusCode).toBe(200);

    proxy.cut();
    expect(await health()).toBe(503);
    const refused = await submissions();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      error: { code: 'DATABASE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE },
    });
    // The seed's words (§8, 'Unavailable'), as the artist reads them.
    expect(UNAVAILABLE_MESSAGE).toBe(
      'Unable to connect to the server. Please check your internet connection.',
    );
    // A write too: signing in records the attempt.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: OUR_CLIENT_HEADERS,
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(503);
    expect(login.json().error.message).toBe(UNAVAILABLE_MESSAGE);

    proxy.resume();
    await vi.waitFor(async () => expect(await health()).toBe(200), {
      timeout: 15_000,
      interval: 100,
    });
    const again = await submissions();
    expect(again.statusCode, again.body).toBe(200);
  });
});
