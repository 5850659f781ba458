import type { Sharp } from 'sharp';
import { encodeOriginal } from './artwork-original.ts';
import { decodeUpload, imageUnreadable } from './image-check.ts';
import type { ImageWorker } from './image-worker-client.ts';

/*
 * The images an artist sends with a registration, made ready to keep as private files. Pure
 * functions from bytes to bytes (no storage, no database), so the image work can move to another
 * process behind the image queue without changing them. Every image is checked from its bytes first
 * (checkImage: JPEG, PNG or WebP, 10 MB, 40 megapixels, whole), then re-encoded here: the EXIF
 * orientation applied and every metadata field (EXIF, GPS, XMP) left out, which is sharp's
 * default on output. An artwork's original keeps its colour profile (artwork-original.ts).
 */

/** The artist's photo: the seed's 800 px on the longest side. */
export const PHOTO_MAX_SIDE = 800;
/** An artwork's large copy: what jurors zoom into (the original may be 40 megapixels). */
export const ARTWORK_LARGE_SIDE = 2560;
/** The copy the admin's screens show of an artwork. */
export const ARTWORK_DISPLAY_SIDE = 800;

const PHOTO_JPEG_QUALITY = 80;
const ARTWORK_JPEG_QUALITY = 88;
const DISPLAY_WEBP_QUALITY = 75;

export interface EncodedImage {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  width: number;
  height: number;
}

export interface PreparedImage {
  /** The file the submission keeps: the photo, or the artwork's original at full size. */
  main: EncodedImage;
  /** An artwork's JPEG of at most 2560 px, for zooming in (none for the photo). */
  large?: EncodedImage;
  /** An artwork's smaller copy for the admin's screens (none for the photo). */
  display?: EncodedImage;
}

export type PrivateImageKind = 'photo' | 'artwork';

const inside = (side: number) =>
  ({ width: side, height: side, fit: 'inside', withoutEnlargement: true }) as const;

async function encode(
  upright: Sharp,
  side: number,
  format: 'jpeg' | 'webp',
  quality: number,
): Promise<EncodedImage> {
  const pipeline = upright.clone().resize(inside(side));
  const { data, info } = await (
    format === 'jpeg' ? pipeline.jpeg({ quality, mozjpeg: true }) : pipeline.webp({ quality })
  ).toBuffer({ resolveWithObject: true });
  return {
    data,
    contentType: format === 'jpeg' ? 'image/jpeg' : 'image/webp',
    width: info.width,
    height: info.height,
  };
}

/**
 * Re-encodes an image checkImage accepted: the photo as a JPEG of at most 800 px; an artwork as
 * its original (full size, its own format), a JPEG of at most 2560 px and an 800 px WebP copy;
 * never enlarged. Whatever sharp still cannot do with it is the picture's fault: 422 'Failed to
 * process image'.
 */
export async function encodePrivateImage(
  kind: PrivateImageKind,
  input: Buffer,
): Promise<PreparedImage> {
  try {
    const source = decodeUpload(input);
    const upright = source.clone().autoOrient();
    if (kind === 'photo') {
      return { main: await encode(upright, PHOTO_MAX_SIDE, 'jpeg', PHOTO_JPEG_QUALITY) };
    }
    const { format, icc } = await source.metadata();
    if (format !== 'jpeg' && format !== 'png' && format !== 'webp') throw imageUnreadable();
    return {
      main: await encodeOriginal(upright, { input, format, hasProfile: icc !== undefined }),
      large: await encode(upright, ARTWORK_LARGE_SIDE, 'jpeg', ARTWORK_JPEG_QUALITY),
      display: await encode(upright, ARTWORK_DISPLAY_SIDE, 'webp', DISPLAY_WEBP_QUALITY),
    };
  } catch {
    throw imageUnreadable();
  }
}

/** encodePrivateImage, run in the image worker (a low-priority child process). */
export function preparePrivateImage(
  worker: ImageWorker,
  kind: PrivateImageKind,
  input: Buffer,
): Promise<PreparedImage> {
  return worker.run('encodePrivateImage', kind, input);
}

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

export function extensionOf(image: EncodedImage): string {
  return EXTENSIONS[image.contentType];
}

/**
 * The key of an artwork's display copy, beside its full-size file: stored values name only the
 * full-size file (`private/submissions/<id>/artworkurl-1a2b3c4d.jpg`), the copy is found from it.
 */
export function displayKeyOf(key: string): string {
  return key.replace(/\.[a-z]+$/, '-display.webp');
}

/**
 * The key of an artwork's large JPEG, beside its original (`…/artworkurl-1a2b3c4d.png` →
 * `…/artworkurl-1a2b3c4d-large.jpg`). Entries kept before originals were have none: their kept
 * file is that JPEG already (largeCopyOf falls back to it).
 */
export function largeKeyOf(key: string): string {
  return key.replace(/\.[a-z]+$/, '-large.jpg');
}

/**
 * The key of a picture as the artist sent it, kept beside the file its job makes from it until
 * the job is done (image-jobs.ts): `…/artworkurl-1a2b3c4d.jpg` → `…/artworkurl-1a2b3c4d-upload`.
 */
export function uploadKeyOf(key: string): string {
  return key.replace(/\.[a-z]+$/, '-upload');
}

/** Every file a stored picture may have: itself, its large and display copies, and as sent. */
export function filesOfPicture(key: string): string[] {
  return [key, largeKeyOf(key), displayKeyOf(key), uploadKeyOf(key)];
}
