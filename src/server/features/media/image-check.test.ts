import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE,
  imageShapeRefused,
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_UNREADABLE,
  INVALID_IMAGE_TYPE,
} from '../../../shared/domain/image-upload.ts';
import { checkImage } from './image-check.ts';
import { createImageWorker } from './image-worker-client.ts';

const worker = createImageWorker({ lowPriority: false });
afterAll(() => worker.close());

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7c3aed' } });

/** A real PNG whose header is rewritten to claim other dimensions (a "pixel bomb"). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await picture(1, 1).png().toBuffer());
  // Signature (8) + chunk length (4) + 'IHDR' (4), then width and height, then the chunk's CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function refusal(data: Buffer) {
  return checkImage(worker, data).then(
    () => undefined,
    (error: { statusCode: number; code: string; message: string }) => ({
      status: error.statusCode,
      code: error.code,
      message: error.message,
    }),
  );
}

describe('checkImage', () => {
  it('accepts JPEG, PNG and WebP, read from their bytes', async () => {
    for (const [format, data] of [
      ['jpeg', await picture(300, 200).jpeg().toBuffer()],
      ['png', await picture(300, 200).png().toBuffer()],
      ['webp', await picture(300, 200).webp().toBuffer()],
    ] as const) {
      expect(await checkImage(worker, data)).toEqual({ format, width: 300, height: 200 });
    }
  });

  it('reports upright dimensions for a photo turned by its EXIF orientation', async () => {
    const sideways = await picture(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await checkImage(worker, sideways)).toMatchObject({ width: 200, height: 300 });
  });

  it('refuses renamed PHP, HTML and SVG files, and GIFs, with the seed message (415)', async () => {
    const files = [
      Buffer.from('<?php system($_GET["c"]); ?>'),
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="9" height="9"/>',
      ),
      await picture(20, 20).gif().toBuffer(),
      Buffer.alloc(0),
    ];
    for (const file of files) {
      expect(await refusal(file)).toEqual({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: INVALID_IMAGE_TYPE,
      });
    }
  });

  it('refuses more than 10 MB with the message naming the real limit (413)', async () => {
    const jpeg = await picture(10, 10).jpeg().toBuffer();
    const tooBig = Buffer.concat([jpeg, Buffer.alloc(IMAGE_MAX_BYTES + 1 - jpeg.length)]);
    expect(await refusal(tooBig)).toEqual({
      status: 413,
      code: 'FILE_TOO_LARGE',
      message: IMAGE_TOO_LARGE,
    });
    expect(IMAGE_TOO_LARGE).toBe('File size must be less than 10MB.');
  });

  it('refuses a truncated image (422)', async () => {
    const jpeg = await picture(400, 300).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect(await refusal(truncated)).toEqual({
      status: 422,
      code: 'IMAGE_UNREADABLE',
      message: IMAGE_UNREADABLE,
    });
  });

  it('refuses a small file claiming huge dimensions without decoding it (422)', async () => {
    const bomb = await pngClaiming(60_000, 60_000);
    expect(bomb.length).toBeLessThan(200);
    const before = process.memoryUsage().rss;
    expect(await refusal(bomb)).toEqual({
      status: 422,
      code: 'TOO_MANY_PIXELS',
      message: IMAGE_TOO_MANY_PIXELS,
    });
    // 3.6 gigapixels decoded would need gigabytes; only the header was read.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a 1 × 39,000,000 strip (within the pixel count) from its header, before decoding (400)', async () => {
    const strip = await pngClaiming(1, 39_000_000);
    expect(strip.length).toBeLessThan(200);
    expect(await refusal(strip)).toEqual({
      status: 400,
      code: 'IMAGE_DIMENSIONS',
      message: imageShapeRefused(1, 39_000_000),
    });
    expect(imageShapeRefused(1, 39_000_000)).toBe(
      'This image is 1 × 39,000,000 pixels. Please upload one at most 20,000 pixels on each side, with neither side more than 20 times the other.',
    );
  });

  it('refuses a side over 20,000 px or one side over 20 times the other, and takes the limits themselves', async () => {
    for (const [width, height] of [
      [20_001, 1_000],
      [1_000, 20_001],
      [2_001, 100],
      [100, 2_001],
    ] as const) {
      expect(await refusal(await pngClaiming(width, height))).toEqual({
        status: 400,
        code: 'IMAGE_DIMENSIONS',
        message: imageShapeRefused(width, height),
      });
    }
    for (const [width, height] of [
      [2_000, 100],
      [100, 2_000],
    ] as const) {
      const data = await picture(width, height).png().toBuffer();
      expect(await checkImage(worker, data)).toEqual({ format: 'png', width, height });
    }
  });
});
