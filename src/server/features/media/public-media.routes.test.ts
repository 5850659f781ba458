import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startS3ErrorServer,
  startS3Server,
  type TestS3Server,
} from '../../../../tests/setup/s3-server.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { buildTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { describeImages, storeResponsiveImage } from './responsive-images.ts';
import { putPublic } from './storage/storage.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SECRET = 'SECRET-REGISTRATION-PHOTO';

/** Every spelling of a way from /media/ into private/ we could think of. */
const PRIVATE_PATHS = [
  '/media/../private/secret.jpg',
  '/media/./../private/secret.jpg',
  '/media/%2e%2e/private/secret.jpg',
  '/media/.%2E/private/secret.jpg',
  '/media/..%2fprivate%2fsecret.jpg',
  '/media/%2E%2E%2Fprivate%2Fsecret.jpg',
  '/media/%252e%252e%252fprivate%252fsecret.jpg',
  '/media/..%5cprivate%5csecret.jpg',
  '/media/..\\private\\secret.jpg',
  '/media//private/secret.jpg',
  '/media/private/secret.jpg',
  '/media/%2fprivate/secret.jpg',
  '/private/secret.jpg',
];

/** A request over a real socket: the path is sent as written, with no client resolving '..'. */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

const picture = (width: number, height: number, red: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

describe.each([
  { name: 'the local folder', s3: false },
  { name: 'an S3-compatible server', s3: true },
])(`GET /media/ from $name on ${TEST_ENGINE}`, ({ s3 }) => {
  let t: TestApp;
  let server: TestS3Server | undefined;
  beforeAll(async () => {
    server = s3 ? await startS3Server() : undefined;
    t = await buildTestApp(server ? { s3: server.config } : {});
    await t.app.deps.storage.put('private/secret.jpg', Buffer.from(SECRET), {
      contentType: 'image/jpeg',
    });
  });
  afterAll(async () => {
    await t.close();
    await server?.close();
  });

  it('serves a public file: its bytes and type, cached for a year, with the security headers', async () => {
    const data = await sharp(await picture(64, 32, 10))
      .webp()
      .toBuffer();
    const url = await putPublic(t.app.deps.storage, data, 'webp', 'image/webp');
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(data)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(data.length),
      'cache-control': IMMUTABLE,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers HEAD with the same headers and no body', async () => {
    const data = await picture(40, 40, 20);
    const url = await putPublic(t.app.deps.storage, data, 'jpg', 'image/jpeg');
    const response = await t.app.inject({ method: 'HEAD', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.rawPayload).toHaveLength(0);
  });

  it('serves every size of a responsive image stored through it', async () => {
    const url = await storeResponsiveImage(
      t.app.deps.db,
      t.app.deps.storage,
      await picture(900, 450, 30),
      { worker: t.app.deps.imageWorker, now: t.app.deps.clock.now() },
    );
    const image = (await describeImages(t.app.deps.db, [url])).get(url);
    expect(image?.srcset).toMatch(/ 400w, .* 800w, .* 900w$/);
    const variants = (image?.srcset ?? '').split(', ').map((entry) => entry.split(' '));
    for (const [variantUrl, width] of [...variants, [url, '900w']]) {
      const response = await t.app.inject(variantUrl as string);
      expect(response.statusCode, variantUrl).toBe(200);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      const size = await sharp(response.rawPayload).metadata();
      expect(`${size.width}w`).toBe(width);
      expect(response.headers['content-type']).toBe(`image/${size.format}`);
    }
  });

  it.each(['/media/never-stored.jpg', '/media/', '/media/UPPER.JPG', '/media/a/b.webp'])(
    'answers a name that holds no file (%s) with the 404 envelope, cached not at all',
    async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
      expect(response.headers['cache-control']).not.toBe(IMMUTABLE);
    },
  );

  it('never serves a private file, however the path is spelled', async () => {
    for (const path of PRIVATE_PATHS) {
      const response = await t.app.inject(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body, path).not.toContain(SECRET);
    }
  });

  it('never serves a private file to a raw request either (no client resolving the dots)', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    for (const path of PRIVATE_PATHS) {
      const response = await rawGet(port, path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).not.toContain(SECRET);
    }
  });
});

describe(`GET /media/ from AWS S3 with a key that may not list the bucket, on ${TEST_ENGINE}`, () => {
  it('answers a missing file (AWS: 403 AccessDenied) with the 404, and a real refusal with a 500', async () => {
    const s3 = await startS3ErrorServer({
      'public/missing.jpg': { status: 403, code: 'AccessDenied' },
      'public/wrong-key.jpg': { status: 403, code: 'SignatureDoesNotMatch' },
    });
    const app = await buildTestApp({ s3: s3.config });
    try {
      const missing = await app.app.inject('/media/missing.jpg');
      expect(missing.statusCode, missing.body).toBe(404);
      expect(missing.json().error.code).toBe('NOT_FOUND');
      const refused = await app.app.inject('/media/wrong-key.jpg');
      expect(refused.statusCode).toBe(500);
      expect(refused.json().error.code).toBe('INTERNAL_ERROR');
    } finally {
      await app.close();
      await s3.close();
    }
  });
});
