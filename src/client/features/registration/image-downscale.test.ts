import { describe, expect, it, vi } from 'vitest';
import {
  artworkHint,
  artworkPreset,
  type CanvasLike,
  type DownscaleDeps,
  fitWithin,
  IMAGE_READ_FAILED,
  ImageRefused,
  PHOTO_PRESET,
  prepareImage,
} from './image-downscale.ts';

/** A canvas that records what was drawn and how it was encoded, as a browser's would be asked. */
function fakeCanvas() {
  const drawn: unknown[][] = [];
  const encoded: { type: string; quality: number }[] = [];
  const canvas: CanvasLike = {
    width: 0,
    height: 0,
    getContext: () => ({
      fillStyle: '',
      imageSmoothingQuality: 'low',
      fillRect: () => {},
      drawImage: (...args: unknown[]) => void drawn.push(args),
    }),
    toBlob: (callback, type, quality) => {
      encoded.push({ type, quality });
      callback(new Blob([new Uint8Array(1234)], { type }));
    },
  };
  return { canvas, drawn, encoded };
}

/** A decoded picture of this size (as createImageBitmap gives it, already upright). */
function deps(width: number, height: number, canvas: CanvasLike) {
  const bitmap = { width, height, close: vi.fn() } as unknown as ImageBitmap;
  const decode = vi.fn<DownscaleDeps['decode']>().mockResolvedValue(bitmap);
  return { decode, createCanvas: () => canvas, bitmap };
}

const file = (type = 'image/jpeg', bytes = 2048) =>
  new File([new Uint8Array(bytes)], 'picture', { type });

describe('fitWithin', () => {
  it('keeps the proportions within the longest side, never enlarging', () => {
    expect(fitWithin(4000, 3000, 800)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(3000, 4000, 800)).toEqual({ width: 600, height: 800 });
    expect(fitWithin(6000, 4000, 2560)).toEqual({ width: 2560, height: 1707 });
    expect(fitWithin(640, 480, 800)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(10_000, 10, 800)).toEqual({ width: 800, height: 1 });
  });
});

describe('prepareImage', () => {
  it('shrinks a camera photo to 800 px as a JPEG of quality 0.7 (seed §5)', async () => {
    const { canvas, drawn, encoded } = fakeCanvas();
    const d = deps(4032, 3024, canvas);
    const prepared = await prepareImage(file(), PHOTO_PRESET, d);
    expect([prepared.width, prepared.height]).toEqual([800, 600]);
    expect([canvas.width, canvas.height]).toEqual([800, 600]);
    expect(drawn).toEqual([[d.bitmap, 0, 0, 800, 600]]);
    expect(encoded).toEqual([{ type: 'image/jpeg', quality: 0.7 }]);
    expect(prepared.blob.type).toBe('image/jpeg');
    expect(d.bitmap.close).toHaveBeenCalled();
  });

  it('sends an artwork as chosen, at full size: the file itself, never re-encoded', async () => {
    const { canvas, drawn, encoded } = fakeCanvas();
    const chosen = file('image/png');
    const d = deps(3000, 6000, canvas);
    const prepared = await prepareImage(chosen, artworkPreset(), d);
    expect(prepared.blob).toBe(chosen);
    expect([prepared.width, prepared.height]).toEqual([3000, 6000]);
    expect(drawn).toEqual([]);
    expect(encoded).toEqual([]);
    // Decoded all the same: what the browser cannot read is refused before it is sent.
    expect(d.decode).toHaveBeenCalledOnce();
    expect(d.bitmap.close).toHaveBeenCalled();
  });

  it("refuses an artwork below the competition's minimum, with the numbers", async () => {
    const { canvas } = fakeCanvas();
    const small = deps(1200, 900, canvas);
    const refused = await prepareImage(file(), artworkPreset(3000), small).catch((e: unknown) => e);
    expect((refused as ImageRefused).message).toBe(
      'This picture is 1,200 × 900 pixels; this competition asks for at least 3,000 pixels on the longer side.',
    );
    expect(small.bitmap.close).toHaveBeenCalled();
    // The longer side counts, whichever way the picture is turned; exactly the minimum is enough.
    const tall = await prepareImage(file(), artworkPreset(3000), deps(900, 3000, canvas));
    expect([tall.width, tall.height]).toEqual([900, 3000]);
  });

  it('tells the artist the minimum before they choose a file', () => {
    expect(artworkHint()).toBe(
      'JPEG, PNG or WebP, up to 10MB. Sent at full size, as you chose it.',
    );
    expect(artworkHint(3000)).toBe(
      'JPEG, PNG or WebP, up to 10MB. Sent at full size, as you chose it. At least 3,000 pixels on the longer side.',
    );
  });

  it('re-encodes a small picture at its own size (its metadata goes)', async () => {
    const { canvas } = fakeCanvas();
    const prepared = await prepareImage(file('image/webp'), PHOTO_PRESET, deps(300, 200, canvas));
    expect([prepared.width, prepared.height]).toEqual([300, 200]);
  });

  it('decodes the bytes it read, as the file says they are', async () => {
    const { canvas } = fakeCanvas();
    const d = deps(10, 10, canvas);
    await prepareImage(file('image/png', 16), PHOTO_PRESET, d);
    const decoded = d.decode.mock.calls[0]?.[0];
    expect(decoded?.type).toBe('image/png');
    expect(decoded?.size).toBe(16);
  });

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) => (error instanceof ImageRefused ? error.message : String(error)),
    );

  it("refuses another type or over 10 MB before reading anything, in the seed's words", async () => {
    const { canvas } = fakeCanvas();
    const d = deps(10, 10, canvas);
    expect(await refusal(prepareImage(file('image/gif'), PHOTO_PRESET, d))).toBe(
      'Invalid file type. Please upload a JPEG or PNG image.',
    );
    expect(
      await refusal(prepareImage(file('image/jpeg', 10 * 1024 * 1024 + 1), PHOTO_PRESET, d)),
    ).toBe('File size must be less than 10MB.');
    expect(d.decode).not.toHaveBeenCalled();
  });

  it("says 'Error reading file.' when the file cannot be read", async () => {
    const unreadable = file();
    vi.spyOn(unreadable, 'arrayBuffer').mockRejectedValue(new DOMException('', 'NotReadableError'));
    const { canvas } = fakeCanvas();
    expect(await refusal(prepareImage(unreadable, PHOTO_PRESET, deps(1, 1, canvas)))).toBe(
      IMAGE_READ_FAILED,
    );
    expect(IMAGE_READ_FAILED).toBe('Error reading file.');
  });

  it("says 'Failed to process image' when it cannot be decoded or encoded", async () => {
    const { canvas } = fakeCanvas();
    const broken = {
      decode: () => Promise.reject(new DOMException('', 'InvalidStateError')),
      createCanvas: () => canvas,
    };
    expect(await refusal(prepareImage(file(), PHOTO_PRESET, broken))).toBe(
      'Failed to process image',
    );
    // What cannot be decoded is said not to be a picture; an encoding failure is not.
    const undecodable = await prepareImage(file(), PHOTO_PRESET, broken).catch((e: unknown) => e);
    expect((undecodable as ImageRefused).detail).toBe(
      'This file is not a JPEG, PNG or WebP picture.',
    );
    const noBlob = { ...canvas, toBlob: (callback: (blob: Blob | null) => void) => callback(null) };
    const d = deps(100, 100, noBlob);
    expect(await refusal(prepareImage(file(), PHOTO_PRESET, d))).toBe('Failed to process image');
    const unencoded = await prepareImage(file(), PHOTO_PRESET, d).catch((e: unknown) => e);
    expect((unencoded as ImageRefused).detail).toBeUndefined();
    expect(d.bitmap.close).toHaveBeenCalled();
  });
});
