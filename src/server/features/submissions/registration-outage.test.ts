import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
  unclaimedKeys,
} from '../../../../tests/setup/registration.ts';
import { startS3Server, type TestS3Server } from '../../../../tests/setup/s3-server.ts';
import { startTcpProxy, type TcpProxy } from '../../../../tests/setup/tcp-proxy.ts';
import { buildTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { UNAVAILABLE_MESSAGE } from '../../../shared/messages.ts';
import { sweepUnclaimedFiles, UNCLAIMED_FILE_LIFETIME_MS } from '../media/unclaimed-files.ts';

/*
 * The S3 server goes down while artists register (a fault the site must survive without losing an
 * entry): the server reaches it through a proxy the test takes down and brings back. A registration
 * meanwhile answers 503 with the envelope and keeps nothing; sent again with its key once the
 * server is back, it is saved once, and the sweeper leaves nothing behind.
 */
describe(`registering while the S3 server is down, on ${TEST_ENGINE}`, () => {
  let s3: TestS3Server;
  let proxy: TcpProxy;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
    const endpoint = new URL(s3.config.endpoint ?? '');
    proxy = await startTcpProxy({ host: endpoint.hostname, port: Number(endpoint.port) });
    t = await buildTestApp({ s3: { ...s3.config, endpoint: `http://127.0.0.1:${proxy.port}` } });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await s3?.close();
  });

  const submissions = async () => t.app.deps.db.selectFrom('submissions').select('id').execute();

  it('answers 503 and keeps nothing; the same registration sent again is saved once', async () => {
    const { competition } = await addCompetition(t);
    const parts = registrationParts(registrationData(competition.id), await defaultFiles());
    const key = randomUUID();

    proxy.cut();
    const refused = await postRegistration(t, parts, { idempotencyKey: key });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      error: { code: 'STORAGE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE },
    });
    // The seed's words (§8, 'Unavailable'), as the artist reads them.
    expect(UNAVAILABLE_MESSAGE).toBe(
      'Unable to connect to the server. Please check your internet connection.',
    );
    expect(await submissions()).toEqual([]);

    proxy.resume();
    const saved = await postRegistration(t, parts, { idempotencyKey: key });
    expect(saved.statusCode, saved.body).toBe(201);
    const again = await postRegistration(t, parts, { idempotencyKey: key });
    expect(again.json().id).toBe(saved.json().id);
    expect(await submissions()).toEqual([{ id: saved.json().id }]);

    // What the refused attempt listed goes at the next sweep; the saved entry's files stay.
    const later = new Date(Date.now() + 2 * UNCLAIMED_FILE_LIFETIME_MS);
    await sweepUnclaimedFiles(t.app.deps, later);
    expect(await unclaimedKeys(t.app.deps.db)).toEqual([]);
    const { photo_key } = await t.app.deps.db
      .selectFrom('submissions')
      .select('photo_key')
      .executeTakeFirstOrThrow();
    expect((await t.app.deps.storage.stat(photo_key))?.size).toBeGreaterThan(1000);
  });
});
