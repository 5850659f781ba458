import {
  checkImageFile,
  IMAGE_NOT_A_PICTURE,
  IMAGE_UNREADABLE,
} from '../../../shared/domain/image-upload.ts';

/*
 * Pictures are checked and shrunk in the browser before anything is sent, so an
 * artist on a phone sends a few hundred kilobytes rather than a 10 MB camera file. The server
 * checks and re-encodes again from the bytes.
 */

/** Seed §5: 'Error reading file.' */
export const IMAGE_READ_FAILED = 'Error reading file.';

export interface DownscalePreset {
  /** The longest side, in pixels, at most. */
  maxSide: number;
  /** JPEG quality, 0 to 1. */
  quality: number;
}

/** Seed §5's numbers for the artist's photo. */
export const PHOTO_PRESET: DownscalePreset = { maxSide: 800, quality: 0.7 };
/** An artwork keeps detail for the judges (PRODUCT.md point 4). */
export const ARTWORK_PRESET: DownscalePreset = { maxSide: 2560, quality: 0.85 };

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

/** A picture the artist chose, ready to send: a JPEG and its size. */
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
 * Checks the chosen file (type and size, seed §5), reads it, decodes it upright and re-encodes it
 * as a JPEG within `preset`. Throws ImageRefused with the seed's message when it cannot.
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
    const size = fitWithin(bitmap.width, bitmap.height, preset.maxSide);
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
      canvas.toBlob(resolve, 'image/jpeg', preset.quality),
    );
    if (!blob) throw new ImageRefused(IMAGE_UNREADABLE);
    return { blob, ...size };
  } finally {
    bitmap.close();
  }
}
