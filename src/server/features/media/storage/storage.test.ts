import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3ErrorServer, startS3Server } from '../../../../../tests/setup/s3-server.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { isValidKey, putPublic, type Storage } from './storage.ts';

interface Backend {
  storage: Storage;
  /** The folder that holds the files (the S3 server's own, for the bucket). */
  folder: string;
  close(): Promise<void>;
}

const BACKENDS: { name: string; start(): Promise<Backend> }[] = [
  {
    name: 'local folder',
    async start() {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'ws-storage-'));
      const storage = createLocalStorage(path.join(folder, 'data'));
      return {
        storage,
        folder,
        close: async () => rmSync(folder, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3-compatible server',
    async start() {
      const server = await startS3Server();
      const storage = createS3Storage(server.config);
      return {
        storage,
        folder: server.directory,
        async close() {
          await storage.close();
          await server.close();
        },
      };
    },
  },
];

/** Keys that must be refused by every method: escapes, odd characters, no namespace. */
const BAD_KEYS = [
  '',
  'public',
  'public/',
  'x.jpg',
  '/public/x.jpg',
  'public//x.jpg',
  'public/../private/x.jpg',
  'public/../../escape.txt',
  'public/./x.jpg',
  'public/..',
  'private/../public/x.jpg',
  'other/x.jpg',
  'public/X.JPG',
  'public/a b.jpg',
  'public/a%2e%2e.jpg',
  'public\\..\\x.jpg',
  'public/x.jpg\u0000',
  `public/${'a'.repeat(600)}`,
];

async function read(storage: Storage, key: string) {
  const file = await storage.get(key);
  return file && { bytes: await buffer(file.body), contentType: file.contentType, size: file.size };
}

describe.each(BACKENDS)('storage contract: $name', ({ start }) => {
  let backend: Backend;
  let storage: Storage;
  beforeAll(async () => {
    backend = await start();
    storage = backend.storage;
  });
  afterAll(() => backend.close());

  it('gives back the bytes, content type and size it was given', async () => {
    const data = randomBytes(50_000);
    await storage.put('public/round-trip.jpg', data, { contentType: 'image/jpeg' });
    expect(await read(storage, 'public/round-trip.jpg')).toEqual({
      bytes: data,
      contentType: 'image/jpeg',
      size: 50_000,
    });
  });

  it('streams a larger file whole, every byte value included', async () => {
    const data = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      randomBytes(3 * 1024 * 1024),
    ]);
    await storage.put('private/big.bin', data, { contentType: 'application/octet-stream' });
    const file = await read(storage, 'private/big.bin');
    expect(file?.size).toBe(data.length);
    expect(file?.bytes.equals(data)).toBe(true);
  });

  it('replaces a file put again under the same key, content type included', async () => {
    await storage.put('public/replaced.png', Buffer.from('first'), { contentType: 'image/png' });
    await storage.put('public/replaced.png', Buffer.from('second!'), {
      contentType: 'image/webp',
    });
    expect(await read(storage, 'public/replaced.png')).toEqual({
      bytes: Buffer.from('second!'),
      contentType: 'image/webp',
      size: 7,
    });
  });

  it('answers undefined for a missing key in either namespace, and for a folder', async () => {
    expect(await storage.get('public/never-stored.jpg')).toBeUndefined();
    expect(await storage.get('private/never-stored.jpg')).toBeUndefined();
    await storage.put('public/folder/inside.jpg', Buffer.from('x'), { contentType: 'image/jpeg' });
    expect(await storage.get('public/folder')).toBeUndefined();
  });

  it("tells a file's size and content type without reading it, and undefined for none", async () => {
    await storage.put('private/stat/artwork.jpg', randomBytes(12_345), {
      contentType: 'image/jpeg',
    });
    await storage.put('public/stat.webp', Buffer.alloc(0), { contentType: 'image/webp' });
    expect(await storage.stat('private/stat/artwork.jpg')).toEqual({
      contentType: 'image/jpeg',
      size: 12_345,
    });
    expect(await storage.stat('public/stat.webp')).toEqual({ contentType: 'image/webp', size: 0 });
    expect(await storage.stat('private/never-stored.jpg')).toBeUndefined();
    expect(await storage.stat('private/stat')).toBeUndefined();
    // A key that runs into a file where a folder would be.
    expect(await storage.stat('private/stat/artwork.jpg/inside.jpg')).toBeUndefined();
    await storage.delete('private/stat/artwork.jpg');
    expect(await storage.stat('private/stat/artwork.jpg')).toBeUndefined();
  });

  it('deletes a file, and deleting a missing one is not an error', async () => {
    await storage.put('private/photo.jpg', Buffer.from('photo'), { contentType: 'image/jpeg' });
    expect((await read(storage, 'private/photo.jpg'))?.size).toBe(5);
    await storage.delete('private/photo.jpg');
    expect(await storage.get('private/photo.jpg')).toBeUndefined();
    await expect(storage.delete('private/photo.jpg')).resolves.toBeUndefined();
    await expect(storage.delete('public/never-stored.jpg')).resolves.toBeUndefined();
  });

  it('keeps public and private apart: the same name in each is two files', async () => {
    await storage.put('public/same.jpg', Buffer.from('public'), { contentType: 'image/jpeg' });
    await storage.put('private/same.jpg', Buffer.from('private'), { contentType: 'image/jpeg' });
    expect((await read(storage, 'public/same.jpg'))?.bytes.toString()).toBe('public');
    expect((await read(storage, 'private/same.jpg'))?.bytes.toString()).toBe('private');
  });

  it('refuses every key that could leave its namespace or the folder, writing nothing', async () => {
    const listing = () => readdirSync(backend.folder, { recursive: true }).sort();
    const before = listing();
    for (const key of BAD_KEYS) {
      expect(isValidKey(key), key).toBe(false);
      const data = Buffer.from('escape');
      await expect(storage.put(key, data, { contentType: 'text/plain' }), key).rejects.toThrow(
        'Invalid storage key',
      );
      await expect(storage.get(key), key).rejects.toThrow('Invalid storage key');
      await expect(storage.stat(key), key).rejects.toThrow('Invalid storage key');
      await expect(storage.delete(key), key).rejects.toThrow('Invalid storage key');
      expect(() => storage.publicUrl(key), key).toThrow('Invalid storage key');
    }
    expect(listing()).toEqual(before);
    expect(existsSync(path.join(backend.folder, '..', 'escape.txt'))).toBe(false);
  });

  it('gives a public file its /media/ URL and a private file none', () => {
    expect(storage.publicUrl('public/abc.jpg')).toBe('/media/abc.jpg');
    expect(storage.publicUrl('public/a/b-c_d.webp')).toBe('/media/a/b-c_d.webp');
    expect(() => storage.publicUrl('private/abc.jpg')).toThrow('A private file has no public URL');
  });

  it('names a public file by its bytes: the same bytes one name, other bytes another', async () => {
    const data = randomBytes(1000);
    const url = await putPublic(storage, data, 'webp', 'image/webp');
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);
    expect(await putPublic(storage, Buffer.from(data), 'webp', 'image/webp')).toBe(url);
    expect(await putPublic(storage, randomBytes(1000), 'webp', 'image/webp')).not.toBe(url);
    expect(await read(storage, `public/${url.slice('/media/'.length)}`)).toEqual({
      bytes: data,
      contentType: 'image/webp',
      size: 1000,
    });
  });
});

describe('S3 storage failures', () => {
  it('answers undefined for a missing key however the service words it', async () => {
    const server = await startS3ErrorServer({
      // AWS, to a caller without s3:ListBucket on the bucket.
      'public/denied.jpg': { status: 403, code: 'AccessDenied' },
      // Another S3-compatible service: a 404 without an error document.
      'public/bare.jpg': { status: 404 },
      'public/none.jpg': { status: 404, code: 'NoSuchKey' },
    });
    const storage = createS3Storage(server.config);
    try {
      for (const key of ['public/denied.jpg', 'public/bare.jpg', 'public/none.jpg']) {
        expect(await storage.get(key), key).toBeUndefined();
        expect(await storage.stat(key), key).toBeUndefined();
      }
    } finally {
      await storage.close();
      await server.close();
    }
  });

  it('reports wrong credentials, also a 403, as a failure', async () => {
    const server = await startS3Server();
    const storage = createS3Storage({ ...server.config, accessKeyId: 'NOT-A-KEY' });
    try {
      await expect(storage.get('public/x.jpg')).rejects.toMatchObject({
        name: 'InvalidAccessKeyId',
        $metadata: { httpStatusCode: 403 },
      });
      // A HEAD's 403 says no more than that: stat must not take it for a missing file.
      await expect(storage.stat('public/x.jpg')).rejects.toMatchObject({
        name: 'InvalidAccessKeyId',
      });
    } finally {
      await storage.close();
      await server.close();
    }
  });

  it('reports a missing bucket as a failure, not as a missing file', async () => {
    const server = await startS3Server();
    const storage = createS3Storage({ ...server.config, bucket: 'no-such-bucket' });
    try {
      await expect(storage.get('public/x.jpg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
      await expect(storage.stat('public/x.jpg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    } finally {
      await storage.close();
      await server.close();
    }
  });
});
