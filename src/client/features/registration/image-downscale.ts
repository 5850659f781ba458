import { artworkSizeHint, artworkTooSmall } from '../../../shared/domain/artwork-size.ts';
import {
  checkImageFile,
  IMAGE_NOT_A_PICTURE,
  IMAGE_UNREADABLE,
} from '../../../shared/domain/image-upload.ts';

/*
 * Pictures are checked in the browser before anything is sent (type, size, that they can be
 * read, an artwork's minimum size). The artist's photo is shrunk here, so a phone sends a few
 * hundred kilobytes rather than a 10 MB camera file; an artwork is sent exactly as chosen: the
 * server keeps it as the original, for printing, and makes the smaller copies itself.
 */

/** Seed §5: 'Error reading file.' */
export const IMAGE_READ_FAILED = 'Error reading file.';

export interface DownscalePreset {
  /** Shrunk to this longest side as a JPEG of this quality (0 to 1); absent: sent as chosen. */
  shrink?: { maxSide: number; quality: number };
  /** The least pixels on the longer side (a competition's minimum for print), if any. */
  minLongSide?: number;
}

/** Seed §5's numbers for the artist's photo. */
export const PHOTO_PRESET: DownscalePreset = { shrink: { maxSide: 800, quality: 0.7 } };
/** An artwork is sent as chosen, checked against the competition's minimum size. */
export const artworkPreset = (minLongSide?: number): DownscalePreset => ({ minLongSide });

/** What the form says under an artwork's picker, before a file is chosen. */
export function artworkHint(minLongSide?: number): string {
  const sent = 'JPEG, PNG or WebP, up to 10MB. Sent at full size, as you chose it.';
  return minLongSide ? `${sent} ${artworkSizeHint(minLongSide)}` : sent;
}

/** The size that fits `maxSide` keeping the proportions; never larger than the picture. */
export function fitWithin(
  width: number,
  height: number,
  maxSide: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** What the browser gives for drawing; tests pass a fake canvas. */
export interface CanvasLike {
  width: number;
  height: number;
  getContext(
    kind: '2d',
  ): Pick<
    CanvasRenderingContext2D,
    'drawImage' | 'fillRect' | 'fillStyle' | 'imageSmoothingQuality'
  > | null;
  toBlob(callback: (blob: Blob | null) => void, type: string, quality: number): void;
}

export interface DownscaleDeps {
  decode: (blob: Blob) => Promise<ImageBitmap>;
  createCanvas: () => CanvasLike;
}

const browserDeps: DownscaleDeps = {
  // 'from-image' turns a phone photo taken sideways upright, by its EXIF orientation.
  decode: (blob) => createImageBitmap(blob, { imageOrientation: 'from-image' }),
  createCanvas: () => document.createElement('canvas'),
};

/** A picture the artist chose, ready to send (the photo shrunk to a JPEG), and its size. */
export interface PreparedImage {
  blob: Blob;
  width: number;
  height: number;
}

/** Refused with the message to show under the picker, and a line saying why when known. */
export class ImageRefused extends Error {
  readonly detail: string | undefined;
  constructor(message: string, detail?: string) {
    super(message);
    this.detail = detail;
  }
}

/**
 * Checks the chosen file (type and size, seed §5), reads it and decodes it upright; refuses an
 * artwork below `preset.minLongSide`; shrinks it into a JPEG when the preset says so, else sends
 * the file itself. Throws ImageRefused with the seed's message when it cannot.
 */
export async function prepareImage(
  file: File,
  preset: DownscalePreset,
  deps: DownscaleDeps = browserDeps,
): Promise<PreparedImage> {
  const refused = checkImageFile(file);
  if (refused) throw new ImageRefused(refused);
  let bytes: ArrayBuffer;
  try {
    // Read first: a file that vanished or is not allowed fails here, not as a broken picture.
    bytes = await file.arrayBuffer();
  } catch {
    throw new ImageRefused(IMAGE_READ_FAILED);
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await deps.decode(new Blob([bytes], { type: file.type }));
  } catch {
    // Named as a picture but not one the browser can read: a renamed file, most often.
    throw new ImageRefused(IMAGE_UNREADABLE, IMAGE_NOT_A_PICTURE);
  }
  try {
    const { width, height } = bitmap;
    const tooSmall = artworkTooSmall(width, height, preset.minLongSide);
    if (tooSmall) throw new ImageRefused(tooSmall);
    if (!preset.shrink) return { blob: file, width, height };
    return await shrink(bitmap, preset.shrink, deps);
  } finally {
    bitmap.close();
  }
}

/** The picture drawn within `maxSide` and encoded as a JPEG (its metadata does not follow). */
async function shrink(
  bitmap: ImageBitmap,
  { maxSide, quality }: NonNullable<DownscalePreset['shrink']>,
  deps: DownscaleDeps,
): Promise<PreparedImage> {
  const size = fitWithin(bitmap.width, bitmap.height, maxSide);
  const canvas = deps.createCanvas();
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImageRefused(IMAGE_UNREADABLE);
  // JPEG has no transparency: a transparent PNG gets a white ground, not a black one.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', quality),
  );
  if (!blob) throw new ImageRefused(IMAGE_UNREADABLE);
  return { blob, ...size };
}
