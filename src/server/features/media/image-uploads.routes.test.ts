import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditActions,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import {
  dataDirFiles,
  IMAGE_UPLOAD_URL,
  multipartFile,
  multipartParts,
  postImage,
} from '../../../../tests/setup/image-upload.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { IMAGE_QUEUE_MAX_WAITING } from './image-queue.ts';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE,
  IMAGE_UNREADABLE,
  INVALID_IMAGE_TYPE,
} from '../../../shared/domain/image-upload.ts';

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const URL = IMAGE_UPLOAD_URL;
const upload = (token: string | undefined, body: Buffer, headers?: Record<string, string>) =>
  postImage(t, token, body, headers);

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#e11d48' } });

/** Fills the image queue with `jobs` that wait (the first runs, the rest queue); returns their release. */
function holdImageQueue(jobs: number): () => Promise<void> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held = Array.from({ length: jobs }, () => t.app.deps.imageQueue.run(() => gate));
  return async () => {
    open();
    await Promise.all(held);
  };
}

/** Resolves once `condition` holds, checking every few milliseconds. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const mediaRows = () => db().selectFrom('media').select('url').execute();

/** The URLs of an answered image's sizes: the fallback and every srcset entry. */
const urlsOf = (image: { url: string; srcset: string }) => [
  image.url,
  ...image.srcset.split(', ').map((entry) => entry.split(' ')[0] ?? ''),
];

/** The files in DATA_DIR an answered image is made of: each size's bytes and its content type. */
const filesOf = (image: { url: string; srcset: string }) =>
  urlsOf(image)
    .map((url) => url.slice('/media/'.length))
    .flatMap((name) => [`uploads/.types/public/${name}`, `uploads/public/${name}`]);

/** A JPEG with stray bytes before its start-of-scan marker: libjpeg warns, then decodes it. */
async function jpegWithStrayBytes(width: number, height: number): Promise<Buffer> {
  const jpeg = await photo(width, height).jpeg().toBuffer();
  const scan = jpeg.indexOf(Buffer.from([0xff, 0xda]));
  return Buffer.concat([jpeg.subarray(0, scan), Buffer.from([0, 1, 2]), jpeg.subarray(scan)]);
}

/** A PNG whose image data fails its checksum: libpng warns, then decodes it. */
async function pngWithBadChecksum(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await photo(width, height).png().toBuffer());
  const data = png.indexOf(Buffer.from('IDAT'));
  png[data + 4 + png.readUInt32BE(data - 4)]! ^= 0xff;
  return png;
}

describe(`POST ${URL} on ${TEST_ENGINE}`, () => {
  it('stores an image in its display sizes and answers with them', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const jpeg = await photo(2000, 1000).jpeg({ quality: 95 }).toBuffer();
    const response = await upload(token, multipartFile(jpeg));
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json();
    expect(image).toMatchObject({ width: 1600, height: 800 });
    expect(image.url).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    expect(image.srcset).toMatch(/ 400w, .* 800w, .* 1600w$/);
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(await auditActions(db())).toContain('media.upload');
  });

  it('needs a session and the CSRF header', async () => {
    const jpeg = await photo(50, 50).jpeg().toBuffer();
    expect((await upload(undefined, multipartFile(jpeg))).statusCode).toBe(401);
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const noHeader = await upload(token, multipartFile(jpeg), {});
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error.code).toBe('CSRF_REJECTED');
  });

  it('refuses a renamed PHP, HTML or SVG file with the seed message, storing nothing', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const before = { rows: await mediaRows(), files: dataDirFiles(t) };
    for (const [content, filename] of [
      ['<?php system($_GET["c"]); ?>', 'shell.jpg'],
      ['<!doctype html><script>alert(1)</script>', 'page.png'],
      ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'icon.jpg'],
    ] as const) {
      const response = await upload(token, multipartFile(Buffer.from(content), { filename }));
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: INVALID_IMAGE_TYPE,
      });
    }
    expect({ rows: await mediaRows(), files: dataDirFiles(t) }).toEqual(before);
  });

  it('refuses more than 10 MB with 413, leaving no temporary file behind', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const files = dataDirFiles(t);
    const jpeg = await photo(10, 10).jpeg().toBuffer();
    const big = Buffer.concat([jpeg, Buffer.alloc(IMAGE_MAX_BYTES + 1024 - jpeg.length)]);
    const response = await upload(token, multipartFile(big));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({ code: 'FILE_TOO_LARGE', message: IMAGE_TOO_LARGE });
    expect(dataDirFiles(t)).toEqual(files);
  });

  it('strips the GPS position and turns a sideways photo upright', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const sideways = await photo(1200, 800)
      .jpeg()
      .withExifMerge({
        IFD0: { Make: 'Test Camera' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const response = await upload(token, multipartFile(sideways));
    expect(response.statusCode, response.body).toBe(201);
    const { url, width, height } = response.json();
    expect({ width, height }).toEqual({ width: 800, height: 1200 });
    const stored = (await t.app.inject({ method: 'GET', url })).rawPayload;
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation ?? 1).toBe(1);
    expect(stored.includes(Buffer.from('Test Camera'))).toBe(false);
  });

  it('re-encodes a polyglot: script after the image data does not survive', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const jpeg = await photo(300, 300).jpeg().toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert(document.cookie)</script>')]);
    const response = await upload(token, multipartFile(polyglot));
    expect(response.statusCode, response.body).toBe(201);
    const stored = (await t.app.inject({ method: 'GET', url: response.json().url })).rawPayload;
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('accepts what decodes with a warning (stray bytes in a JPEG, a bad PNG checksum), as browsers do', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const files = [
      multipartFile(await jpegWithStrayBytes(640, 480)),
      multipartFile(await pngWithBadChecksum(640, 480), { filename: 'a.png', type: 'image/png' }),
    ];
    for (const file of files) {
      const response = await upload(token, file);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ width: 640, height: 480 });
      expect((await t.app.inject({ method: 'GET', url: response.json().url })).statusCode).toBe(
        200,
      );
    }
  });

  it('stores a very tall picture (WebP allows 16383 px) narrowed to 4096 px high, and only its files', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    // As tall and as narrow as a picture may be: 20,000 px, 20 times its width.
    const tall = [
      { file: multipartFile(await photo(1000, 20_000).png().toBuffer()), width: 204, height: 4080 },
      {
        file: multipartFile(await photo(1500, 20_000).jpeg().toBuffer()),
        width: 307,
        height: 4093,
      },
    ];
    for (const { file, width, height } of tall) {
      const before = dataDirFiles(t);
      const response = await upload(token, file);
      expect(response.statusCode, response.body).toBe(201);
      const image = response.json();
      expect(image).toMatchObject({ width, height });
      for (const url of urlsOf(image)) {
        const stored = await t.app.inject({ method: 'GET', url });
        expect((await sharp(stored.rawPayload).metadata()).height).toBeLessThanOrEqual(4096);
      }
      expect(dataDirFiles(t)).toEqual([...new Set([...before, ...filesOf(image)])].sort());
    }
  });

  it('refuses a truncated photo with 422, storing nothing', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const before = { rows: await mediaRows(), files: dataDirFiles(t) };
    const jpeg = await photo(800, 600).jpeg().toBuffer();
    const response = await upload(token, multipartFile(jpeg.subarray(0, jpeg.length / 2)));
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({ code: 'IMAGE_UNREADABLE', message: IMAGE_UNREADABLE });
    expect({ rows: await mediaRows(), files: dataDirFiles(t) }).toEqual(before);
  });

  it('answers a body that is not one image in "file" (a field before it, a body cut short) with a 400', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const jpeg = await photo(20, 20).jpeg().toBuffer();
    const file = { name: 'file', filename: 'a.jpg', type: 'image/jpeg', data: jpeg };
    const whole = multipartParts([file]);
    const bodies: [string, Buffer][] = [
      ['a field before the file', multipartParts([{ name: 'title', data: 'Mine' }, file])],
      [
        'two fields',
        multipartParts([
          { name: 'a', data: '1' },
          { name: 'b', data: '2' },
        ]),
      ],
      ['a body cut short', whole.subarray(0, whole.length - 40)],
    ];
    const before = { rows: await mediaRows(), files: dataDirFiles(t) };
    for (const [label, body] of bodies) {
      const response = await upload(token, body);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      const message = 'Send one image in the field "file".';
      expect(response.json().error, label).toEqual({
        code: 'VALIDATION_ERROR',
        message,
        fields: { file: message },
      });
    }
    expect({ rows: await mediaRows(), files: dataDirFiles(t) }).toEqual(before);
  });

  it('answers a request without a file, or with another field, with a 400', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const jpeg = await photo(20, 20).jpeg().toBuffer();
    const wrongField = await upload(token, multipartFile(jpeg, { field: 'picture' }));
    expect(wrongField.statusCode).toBe(400);
    const notMultipart = await asAdmin(t, token, 'POST', URL, { file: 'not a file' });
    expect(notMultipart.statusCode).toBe(415);
  });
});

describe(`the image queue of POST ${URL} on ${TEST_ENGINE}`, () => {
  it('checks an image in its turn: nothing is decoded while another image is being worked on', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const release = holdImageQueue(1);
    let answered = false;
    const answer = upload(token, multipartFile(Buffer.from('<?php echo 1; ?>'))).finally(() => {
      answered = true;
    });
    // Queued behind the held job; it is not answered from a check made outside the queue.
    await until(() => answered || t.app.deps.imageQueue.waiting() === 1);
    expect(answered).toBe(false);
    await release();
    expect((await answer).statusCode).toBe(415);
  });

  it('keeps the media row and its audit entry together: neither when the entry cannot be written', async () => {
    // An admin removed while their upload waits in the queue: their audit entry can no longer
    // name them, so the upload must leave nothing behind.
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const added = await asAdmin(t, token, 'POST', '/api/admin/users', {
      username: 'leaving',
      password: 'a long enough password',
    });
    expect(added.statusCode, added.body).toBe(201);
    const leaving = await signIn(t, 'leaving', 'a long enough password');
    const before = { rows: await mediaRows(), files: dataDirFiles(t) };
    const release = holdImageQueue(1);
    const answer = upload(leaving, multipartFile(await photo(500, 400).jpeg().toBuffer()));
    await until(() => t.app.deps.imageQueue.waiting() === 1);
    await db().deleteFrom('admin_users').where('username', '=', 'leaving').execute();
    await release();
    expect((await answer).statusCode).not.toBe(201);
    expect({ rows: await mediaRows(), files: dataDirFiles(t) }).toEqual(before);
    expect(await auditActions(db())).not.toContain('media.upload');
  });

  it('answers 503 with Retry-After when the queue is full, before reading the body', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const release = holdImageQueue(1 + IMAGE_QUEUE_MAX_WAITING);
    let bytesRead = 0;
    // A whole multipart body of almost 10 MB, made as it is read.
    async function* body() {
      const empty = multipartFile(Buffer.alloc(0));
      const split = empty.indexOf('\r\n\r\n') + 4;
      yield empty.subarray(0, split);
      for (let sent = 0; sent < IMAGE_MAX_BYTES - 65_536; sent += 16_384) {
        bytesRead += 16_384;
        yield Buffer.alloc(16_384);
      }
      yield empty.subarray(split);
    }
    try {
      const response = await postImage(t, token, Readable.from(body(), { objectMode: false }));
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json().error).toEqual({
        code: 'BUSY',
        message: 'The server is busy processing images. Please try again in a moment.',
      });
      expect(bytesRead).toBeLessThan(1024 * 1024);
    } finally {
      await release();
    }
  });
});
