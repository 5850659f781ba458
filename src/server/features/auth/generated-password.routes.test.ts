import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { login, sessionCookie, whoAmI } from '../../../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS } from '../../../../tests/setup/test-app.ts';
import {
  createTestEnvironment,
  TEST_ENGINE,
  type TestEnvironment,
} from '../../../../tests/setup/test-database.ts';
import { buildApp } from '../../app.ts';
import { initializeSite } from '../../initialize.ts';

/* An admin signed in with the password the first start generated is asked to change it. */

let environment: TestEnvironment;
let app: FastifyInstance;
let generated: string;
beforeAll(async () => {
  environment = await createTestEnvironment({ adminPassword: undefined });
  app = await buildApp(environment.config);
  generated = (await initializeSite(app)).generatedAdminPassword as string;
});
afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

describe(`the generated admin password on ${TEST_ENGINE}`, () => {
  it('the session asks for a new one until the admin has chosen it', async () => {
    expect(generated).toMatch(/^\S{24}$/);
    const signedIn = await login(app, { username: 'admin', password: generated });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ username: 'admin', passwordChangeRequired: true });
    const token = sessionCookie(signedIn).value;
    expect((await whoAmI(app, token)).json()).toMatchObject({ passwordChangeRequired: true });

    const change = await app.inject({
      method: 'POST',
      url: '/api/admin/account/password',
      headers: OUR_CLIENT_HEADERS,
      cookies: { ws_session: token },
      payload: { currentPassword: generated, newPassword: 'the admin’s own password' },
    });
    expect(change.statusCode, change.body).toBe(204);
    const session = (await whoAmI(app, token)).json();
    expect(session).toMatchObject({ username: 'admin' });
    expect(session).not.toHaveProperty('passwordChangeRequired');
  });
});
