import { readdirSync } from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_UNREADABLE } from '../../../shared/domain/image-upload.ts';
import { createTestEnvironment, TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { DB } from '../../db/schema.ts';
import { createLocalStorage } from './storage/local-storage.ts';
import { PUBLIC_MEDIA_PREFIX, PUBLIC_NAMESPACE, type Storage } from './storage/storage.ts';
import { createImageWorker } from './image-worker-client.ts';
import { describeImages, storeResponsiveImage } from './responsive-images.ts';

let database: Database;
let db: Kysely<DB>;
let storage: Storage;
let dataDir: string;
let cleanup: () => Promise<void>;
const worker = createImageWorker({ lowPriority: false });
/** What storing an image is given besides its bytes: the worker, and the time. */
const media = () => ({ worker, now: new Date() });

beforeAll(async () => {
  const environment = await createTestEnvironment();
  cleanup = environment.cleanup;
  database = await openDatabase(environment.config);
  db = database.db;
  await migrateToLatest(db);
  dataDir = environment.config.dataDir;
  storage = createLocalStorage(dataDir);
});

afterAll(async () => {
  worker.close();
  await database.close();
  await cleanup();
});

/** A JPEG of the given size; `seed` varies the colour so each picture's bytes differ. */
function jpeg(width: number, height: number, seed = 0): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: seed % 256, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
}

/** The bytes behind a public URL, read back through the storage; undefined when missing. */
async function bytesOf(url: string): Promise<Buffer | undefined> {
  const file = await storage.get(PUBLIC_NAMESPACE + url.slice(PUBLIC_MEDIA_PREFIX.length));
  return file && buffer(file.body);
}

async function mediaRow(url: string) {
  const row = await db.selectFrom('media').selectAll().where('url', '=', url).executeTakeFirst();
  expect(row, url).toBeDefined();
  return { ...row!, variants: JSON.parse(row!.variants) as { url: string; width: number }[] };
}

async function sizeOf(url: string) {
  const bytes = await bytesOf(url);
  expect(bytes, url).toBeDefined();
  const { format, width, height, exif, orientation } = await sharp(bytes).metadata();
  return { format, width, height, exif, orientation };
}

describe(`storeResponsiveImage on ${TEST_ENGINE}`, () => {
  it('stores WebP copies at 400, 800 and 1600 px and a JPEG fallback, and records their sizes', async () => {
    const url = await storeResponsiveImage(db, storage, await jpeg(2000, 1000, 1), media());
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);

    const row = await mediaRow(url);
    expect(row.width).toBe(1600);
    expect(row.height).toBe(800);
    expect(row.variants.map((v) => v.width)).toEqual([400, 800, 1600]);
    for (const variant of row.variants) {
      expect(variant.url).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);
      expect(await sizeOf(variant.url)).toMatchObject({
        format: 'webp',
        width: variant.width,
        height: variant.width / 2,
      });
    }
    expect(await sizeOf(url)).toMatchObject({ format: 'jpeg', width: 1600, height: 800 });
  });

  it('turns a picture upright by its EXIF orientation and keeps no EXIF', async () => {
    // Stored sideways (2000x1000) with orientation 6: it is shown 1000 wide and 2000 high.
    const sideways = await sharp(await jpeg(2000, 1000, 2))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(sideways).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const url = await storeResponsiveImage(db, storage, sideways, media());
    const row = await mediaRow(url);
    expect([row.width, row.height]).toEqual([1000, 2000]);
    expect(row.variants.map((v) => v.width)).toEqual([400, 800, 1000]);
    expect(await sizeOf(url)).toEqual({
      format: 'jpeg',
      width: 1000,
      height: 2000,
      exif: undefined,
      orientation: undefined,
    });
    for (const variant of row.variants) {
      const size = await sizeOf(variant.url);
      expect(size).toMatchObject({ width: variant.width, height: variant.width * 2 });
      expect(size.exif).toBeUndefined();
    }
  });

  it('never enlarges: a 500 px picture gets a 400 px copy and its own 500 px', async () => {
    const url = await storeResponsiveImage(db, storage, await jpeg(500, 300, 3), media());
    const row = await mediaRow(url);
    expect([row.width, row.height]).toEqual([500, 300]);
    expect(row.variants.map((v) => v.width)).toEqual([400, 500]);
    for (const variant of row.variants) {
      expect((await sizeOf(variant.url)).width).toBe(variant.width);
    }
    expect((await sizeOf(url)).width).toBe(500);
  });

  it('a picture narrower than the smallest size is kept at its own width only', async () => {
    const url = await storeResponsiveImage(db, storage, await jpeg(300, 200, 4), media());
    const row = await mediaRow(url);
    expect([row.width, row.height]).toEqual([300, 200]);
    expect(row.variants.map((v) => v.width)).toEqual([300]);
  });

  it('storing the same picture twice gives the same URL and one record', async () => {
    const picture = await jpeg(900, 600, 5);
    const first = await storeResponsiveImage(db, storage, picture, media());
    const second = await storeResponsiveImage(db, storage, picture, media());
    expect(second).toBe(first);
    const rows = await db.selectFrom('media').select('url').where('url', '=', first).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses bytes it cannot process with 422 IMAGE_UNREADABLE, storing nothing', async () => {
    const count = async () => (await db.selectFrom('media').select('url').execute()).length;
    const before = await count();
    const photo = await jpeg(400, 300, 8);
    for (const bytes of [Buffer.from('not an image'), photo.subarray(0, photo.length / 2)]) {
      await expect(storeResponsiveImage(db, storage, bytes, media())).rejects.toMatchObject({
        statusCode: 422,
        code: 'IMAGE_UNREADABLE',
        message: IMAGE_UNREADABLE,
      });
    }
    expect(await count()).toBe(before);
  });
});

describe(`storeResponsiveImage when storing fails, on ${TEST_ENGINE}`, () => {
  /** The storage, except that writing the JPEG fallback (the last file) fails. */
  const failingOnJpeg: () => Storage = () => ({
    ...storage,
    async put(key, data, options) {
      if (key.endsWith('.jpg')) throw new Error('the disk is full');
      await storage.put(key, data, options);
    },
  });
  const storedFiles = () =>
    readdirSync(path.join(dataDir, 'uploads', 'public'), { recursive: true }).sort();
  const mediaCount = async () => (await db.selectFrom('media').select('url').execute()).length;

  it('removes the copies it had written, leaving no file without a record', async () => {
    await storeResponsiveImage(db, storage, await jpeg(100, 100, 9), media());
    const before = { files: storedFiles(), rows: await mediaCount() };
    const picture = await jpeg(1200, 800, 10);
    await expect(storeResponsiveImage(db, failingOnJpeg(), picture, media())).rejects.toThrow(
      'disk',
    );
    expect({ files: storedFiles(), rows: await mediaCount() }).toEqual(before);
  });

  it('keeps the files of the same picture stored before, which its record still shows', async () => {
    const picture = await jpeg(1200, 800, 11);
    const url = await storeResponsiveImage(db, storage, picture, media());
    const before = storedFiles();
    await expect(storeResponsiveImage(db, failingOnJpeg(), picture, media())).rejects.toThrow(
      'disk',
    );
    expect(storedFiles()).toEqual(before);
    for (const variant of (await mediaRow(url)).variants)
      expect(await bytesOf(variant.url)).toBeDefined();
  });
});

describe(`describeImages on ${TEST_ENGINE}`, () => {
  it('gives each stored picture its size and srcset, and any other URL as it is', async () => {
    const url = await storeResponsiveImage(db, storage, await jpeg(2000, 1000, 6), media());
    const { variants } = await mediaRow(url);
    const images = await describeImages(db, [url, '/media/elsewhere.jpg', '', url]);
    expect([...images.keys()]).toEqual([url, '/media/elsewhere.jpg']);
    expect(images.get(url)).toEqual({
      url,
      width: 1600,
      height: 800,
      srcset: `${variants[0]?.url} 400w, ${variants[1]?.url} 800w, ${variants[2]?.url} 1600w`,
    });
    expect(images.get('/media/elsewhere.jpg')).toEqual({
      url: '/media/elsewhere.jpg',
      width: null,
      height: null,
      srcset: '',
    });
  });

  it('answers an empty list without asking the database', async () => {
    expect((await describeImages(db, [])).size).toBe(0);
    expect((await describeImages(db, ['', ''])).size).toBe(0);
  });

  it('handles more URLs than one statement may bind', async () => {
    const url = await storeResponsiveImage(db, storage, await jpeg(800, 400, 7), media());
    const urls = [...Array.from({ length: 1_200 }, (_, i) => `/media/none-${i}.jpg`), url];
    const images = await describeImages(db, urls);
    expect(images.size).toBe(1_201);
    expect(images.get(url)?.width).toBe(800);
    expect(images.get('/media/none-0.jpg')?.width).toBeNull();
  });
});
