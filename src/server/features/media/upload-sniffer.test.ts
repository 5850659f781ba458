import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkSniffedUpload, checkUpload } from './image-check.ts';
import { HEAD_BYTES, sniffBytes, UploadSniffer, UploadTooLargeError } from './upload-sniffer.ts';

/** Noise: it does not compress, so the file is far longer than the head the sniffer keeps. */
const noisy = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });

/** The bytes streamed through a sniffer in chunks of `size`, as a slow upload arrives. */
async function sniffStreamed(data: Buffer, size: number, max = Infinity) {
  const sniffer = new UploadSniffer(max);
  const chunks = Array.from({ length: Math.ceil(data.length / size) }, (_, n) =>
    data.subarray(n * size, (n + 1) * size),
  );
  await pipeline(Readable.from(chunks), sniffer, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) void chunk;
  });
  return sniffer.result();
}

const outcome = (check: Promise<unknown>) =>
  check.then(
    (checked) => ({ checked }),
    (error: { statusCode: number; code: string }) => ({ refused: [error.statusCode, error.code] }),
  );

describe('an upload checked as it streams past', () => {
  it('finds what the whole bytes give: type, upright size, whole or cut short', async () => {
    const files = {
      jpeg: await noisy(900, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
      png: await noisy(500, 300).png().withMetadata({ orientation: 8 }).toBuffer(),
      webp: await noisy(900, 600).webp().withMetadata({ orientation: 6 }).toBuffer(),
      lossless: await noisy(400, 300).webp({ lossless: true }).toBuffer(),
      simple: await noisy(900, 600).webp().toBuffer(),
    };
    for (const [name, data] of Object.entries(files)) {
      expect(data.length, name).toBeGreaterThan(HEAD_BYTES);
      for (const bytes of [data, data.subarray(0, data.length - 300)]) {
        const expected = await outcome(checkUpload(bytes));
        for (const size of [7, 4096, 1 << 20]) {
          const sniffed = await sniffStreamed(bytes, size);
          expect(sniffed).toEqual(sniffBytes(bytes));
          expect(await outcome(checkSniffedUpload(sniffed)), `${name} ${size}`).toEqual(expected);
        }
      }
    }
  });

  it('fails once the bytes pass the limit', async () => {
    const data = Buffer.alloc(10_000, 1);
    await expect(sniffStreamed(data, 1000, 9_999)).rejects.toBeInstanceOf(UploadTooLargeError);
    expect((await sniffStreamed(data, 1000, 10_000)).size).toBe(10_000);
  });
});
