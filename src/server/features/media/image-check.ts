import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { AppError } from '../../errors.ts';
import type { ImageWorker } from './image-worker-client.ts';
import type { SniffedUpload } from './upload-sniffer.ts';
import { webpDimensions } from './webp-header.ts';

import {
  IMAGE_MAX_ASPECT_RATIO,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  imageShapeRefused,
  IMAGE_TOO_LARGE,
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_UNREADABLE,
  INVALID_IMAGE_TYPE,
} from '../../../shared/domain/image-upload.ts';

/*
 * The type comes from the bytes (sharp's decoder), never from the name or the declared type, so a
 * renamed PHP, HTML or SVG file is refused; the pixel and shape limits refuse a small file that
 * claims huge or extreme dimensions before it is decoded, so memory and the worker's time stay
 * bounded.
 */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * How every decode of an upload reads it, the check here and the resizing after it alike: what
 * decodes is accepted, warnings included (stray bytes before a JPEG marker, a bad PNG checksum:
 * common in phone photos), and only a truncated file is refused. sharp's default fails on any
 * warning, so a file this check let through would fail later as a 500.
 */
export const UPLOAD_DECODING = {
  limitInputPixels: IMAGE_MAX_PIXELS,
  failOn: 'truncated',
} as const satisfies SharpOptions;

/**
 * How long libvips may work on one output of a picture before it gives up (the picture then fails
 * as unreadable). The worker's limit on a whole job (image-worker-client.ts) is the backstop.
 */
export const IMAGE_TIMEOUT_SECONDS = 20;

/** An upload opened for decoding: UPLOAD_DECODING, within IMAGE_TIMEOUT_SECONDS. */
export function decodeUpload(data: Buffer): Sharp {
  return sharp(data, UPLOAD_DECODING).timeout({ seconds: IMAGE_TIMEOUT_SECONDS });
}

/** The answer to an image sharp cannot decode or process. */
export const imageUnreadable = () => new AppError(422, 'IMAGE_UNREADABLE', IMAGE_UNREADABLE);

export interface CheckedImage {
  format: 'jpeg' | 'png' | 'webp';
  /** Upright dimensions (EXIF orientation applied). */
  width: number;
  height: number;
}

/**
 * Refuses anything but a whole JPEG, PNG or WebP image within the size and pixel limits. The
 * decoding runs in the image worker (image-worker-client.ts).
 */
export async function checkImage(worker: ImageWorker, data: Buffer): Promise<CheckedImage> {
  if (data.length > IMAGE_MAX_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', IMAGE_TOO_LARGE);
  return worker.run('inspectImage', data);
}

/**
 * The check made from the header alone: the size, the type from the bytes, the pixel limit and
 * the shape (a small file claiming huge or extreme dimensions is refused before anything decodes
 * it).
 */
async function checkHeader(data: Buffer, size = data.length): Promise<CheckedImage> {
  if (size > IMAGE_MAX_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', IMAGE_TOO_LARGE);
  // Reading the header only: nothing is decoded yet. (sharp throws at once on empty input.)
  const metadata = await Promise.resolve()
    .then(() => sharp(data, { limitInputPixels: false }).metadata())
    .catch(() => {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', INVALID_IMAGE_TYPE);
    });
  const { format, autoOrient } = metadata;
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', INVALID_IMAGE_TYPE);
  }
  return checkShape({ format: format as CheckedImage['format'], ...autoOrient });
}

/** The pixel limit and the shape, from the upright dimensions. */
function checkShape(checked: CheckedImage): CheckedImage {
  const { width, height } = checked;
  if (width * height > IMAGE_MAX_PIXELS) {
    throw new AppError(422, 'TOO_MANY_PIXELS', IMAGE_TOO_MANY_PIXELS);
  }
  const [short, long] = width < height ? [width, height] : [height, width];
  if (long > IMAGE_MAX_SIDE || long > short * IMAGE_MAX_ASPECT_RATIO) {
    throw new AppError(400, 'IMAGE_DIMENSIONS', imageShapeRefused(width, height));
  }
  return checked;
}

const JPEG_END = Buffer.from([0xff, 0xd9]);

/**
 * Whether the file's container is whole, from its structure and without decoding: a PNG ends
 * with its IEND chunk, a WebP holds the length its RIFF header gives, and a JPEG has an end
 * marker after its first scan's start (the segments before the scan are skipped by their
 * lengths, so the end marker of a thumbnail in the EXIF block does not count). A file cut short
 * in transfer fails here.
 */
export function isWholeImage(format: CheckedImage['format'], data: Buffer): boolean {
  if (format === 'png') return data.subarray(-8, -4).toString('latin1') === 'IEND';
  if (format === 'webp') return data.length >= 8 && data.readUInt32LE(4) + 8 <= data.length;
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return false;
    const marker = data[at + 1];
    // Fill bytes before a marker.
    if (marker === 0xff) at += 1;
    // Start of scan: entropy-coded data follows, in which 0xFF 0xD9 only ever ends the image.
    else if (marker === 0xda) return data.lastIndexOf(JPEG_END) > at;
    else at += 2 + data.readUInt16BE(at + 2);
  }
  return false;
}

/**
 * A registration's check of a picture, cheap enough to make before answering (a millisecond or
 * two, in this process): the header's type and pixel count, and a whole container. Decoding
 * every pixel waits for the picture's job (image-jobs.ts), where a file whose data is damaged
 * inside a whole container is marked as failed for the admin.
 */
export async function checkUpload(data: Buffer): Promise<CheckedImage> {
  const checked = await checkHeader(data);
  if (!isWholeImage(checked.format, data)) throw imageUnreadable();
  return checked;
}

/**
 * checkUpload's check of an upload streamed to storage, from what the sniffer kept: a file its
 * head holds whole is checked as bytes at hand; a longer one from its header (sharp reads a JPEG
 * or PNG header, webp-header.ts a WebP's) and its container from the kept positions and tail.
 */
export async function checkSniffedUpload(file: SniffedUpload): Promise<CheckedImage> {
  if (file.size <= file.head.length) return checkUpload(file.head);
  if (file.size > IMAGE_MAX_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', IMAGE_TOO_LARGE);
  const webp = webpDimensions(file.head, file.webpExif);
  if (webp) {
    // sharp reads no WebP shorter than its RIFF header says: the type is not recognised.
    if (file.head.readUInt32LE(4) + 8 > file.size) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', INVALID_IMAGE_TYPE);
    }
    return checkShape({ format: 'webp', ...webp });
  }
  const checked = await checkHeader(file.head, file.size);
  const whole =
    checked.format === 'png'
      ? file.tail.subarray(-8, -4).toString('latin1') === 'IEND'
      : checked.format === 'jpeg' && file.jpegScanAt >= 0 && file.lastJpegEnd > file.jpegScanAt;
  if (!whole) throw imageUnreadable();
  return checked;
}

/** checkImage's work, in the image worker's process. */
export async function inspectImage(data: Buffer): Promise<CheckedImage> {
  const checked = await checkHeader(data);
  try {
    // Every pixel read once, streaming into a thumbnail (memory stays small): a truncated or
    // corrupt file fails here, not halfway through making its display sizes.
    await decodeUpload(data).resize(16, 16, { fit: 'inside' }).toBuffer();
  } catch {
    throw imageUnreadable();
  }
  return checked;
}
