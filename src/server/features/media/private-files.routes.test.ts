import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  expectSessionRequired,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../../tests/setup/registration.ts';
import { startS3Server, type TestS3Server } from '../../../../tests/setup/s3-server.ts';
import { buildTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { displayKeyOf } from './private-images.ts';
import { PRIVATE_FILE_CACHE, privateFileUrl } from './private-files.ts';
import { storedAnswersOf } from '../../../../tests/setup/stored-answers.ts';

const SECRET = 'SECRET-REGISTRATION-PHOTO';
const PUBLIC_BYTES = 'PUBLIC-FILE-BYTES';

/** Every spelling of a way out of private/ through the admin's file route we could think of. */
const ESCAPES = [
  '/api/admin/files/../public/x.jpg',
  '/api/admin/files/%2e%2e/public/x.jpg',
  '/api/admin/files/..%2fpublic%2fx.jpg',
  '/api/admin/files/.%2E/.%2E/white-stroke.sqlite',
  '/api/admin/files//secret.jpg',
  '/api/admin/files/SECRET.JPG',
  '/api/admin/files/',
  '/api/admin/files/never-stored.jpg',
];

describe.each([
  { name: 'the local folder', s3: false },
  { name: 'an S3-compatible server', s3: true },
])(`private registration files in $name on ${TEST_ENGINE}`, ({ s3 }) => {
  let t: TestApp;
  let server: TestS3Server | undefined;
  let token: string;
  let submission: { photo_key: string; artwork: string };

  beforeAll(async () => {
    server = s3 ? await startS3Server() : undefined;
    t = await buildTestApp(server ? { s3: server.config } : {});
    await t.app.deps.storage.put('private/secret.jpg', Buffer.from(SECRET), {
      contentType: 'image/jpeg',
    });
    await t.app.deps.storage.put('public/x.jpg', Buffer.from(PUBLIC_BYTES), {
      contentType: 'image/jpeg',
    });
    const { competition } = await addCompetition(t);
    const response = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), await defaultFiles()),
    );
    expect(response.statusCode, response.body).toBe(201);
    const row = await t.app.deps.db
      .selectFrom('submissions')
      .select(['id', 'photo_key'])
      .executeTakeFirstOrThrow();
    const { artworkUrl } = await storedAnswersOf(t.app.deps.db, row.id);
    submission = { photo_key: row.photo_key, artwork: artworkUrl as string };
    token = await signIn(t, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const keys = () => {
    const { artwork } = submission;
    return { photo: submission.photo_key, artwork, display: displayKeyOf(artwork) };
  };

  it('keeps them under private/submissions/ in the configured storage', () => {
    const { photo, artwork, display } = keys();
    for (const key of [photo, artwork, display]) {
      expect(key).toMatch(/^private\/submissions\/[0-9a-f-]{36}\/[a-z0-9_-]+\.(jpg|webp)$/);
    }
    if (server) {
      // s3rver keeps each object under a folder named by its key.
      const stored = readdirSync(server.directory, { recursive: true }).map(String);
      expect(stored.some((file) => file.includes(photo))).toBe(true);
    }
  });

  it('refuses each file without a session (401), and with no cache', async () => {
    const { photo, artwork, display } = keys();
    await expectSessionRequired(
      t,
      [photo, artwork, display, 'private/secret.jpg'].map(
        (key) => ['GET', privateFileUrl(key)] as const,
      ),
    );
    const refused = await t.app.inject(privateFileUrl(photo));
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).not.toContain(SECRET);
  });

  it('serves each file to a signed-in admin, kept by no cache', async () => {
    const { photo, artwork, display } = keys();
    for (const [key, type, format] of [
      [photo, 'image/jpeg', 'jpeg'],
      [artwork, 'image/jpeg', 'jpeg'],
      [display, 'image/webp', 'webp'],
    ] as const) {
      const response = await asAdmin(t, token, 'GET', privateFileUrl(key));
      expect(response.statusCode, key).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': type,
        'cache-control': PRIVATE_FILE_CACHE,
        'content-length': String(response.rawPayload.length),
        'x-content-type-options': 'nosniff',
      });
      expect((await sharp(response.rawPayload).metadata()).format).toBe(format);
    }
    const secret = await asAdmin(t, token, 'GET', '/api/admin/files/secret.jpg');
    expect(secret.body).toBe(SECRET);
  });

  it('reaches nothing outside private/, however the path is spelled', async () => {
    for (const url of ESCAPES) {
      const response = await asAdmin(t, token, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('NOT_FOUND');
      expect(response.body, url).not.toContain(PUBLIC_BYTES);
    }
  });

  it('is never reachable through /media/', async () => {
    const { photo } = keys();
    const name = photo.slice('private/'.length);
    for (const url of [`/media/${name}`, `/media/../${photo}`, `/media/%2e%2e/${photo}`]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(404);
    }
  });
});
