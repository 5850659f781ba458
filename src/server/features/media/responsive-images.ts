import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { ResponsiveImage } from '../../../shared/schemas/image.ts';
import type { DB } from '../../db/schema.ts';
import { putPublic, type Storage } from '../uploads/storage.ts';
import { imageUnreadable, UPLOAD_DECODING } from './image-check.ts';
import { findMediaByUrls, insertMedia } from './media.repository.ts';

/** Display widths made of every public image: phones, tablets and laptops, wide screens. */
export const DISPLAY_WIDTHS = [400, 800, 1600] as const;
const WEBP_QUALITY = 72;
const JPEG_QUALITY = 78;

interface Variant {
  url: string;
  width: number;
}

interface Encoded {
  /** WebP copies, smallest first. */
  copies: { data: Buffer; width: number }[];
  /** The JPEG fallback at the largest width, with its size. */
  fallback: { data: Buffer; width: number; height: number };
}

/**
 * Every size of the picture, made in memory before anything is stored (a few MB at most). It is
 * decoded as the upload check decoded it; whatever sharp still cannot do with it is the picture's
 * fault, answered 422 rather than 500.
 */
async function encodeSizes(input: Buffer): Promise<Encoded> {
  try {
    // autoOrient() applies the EXIF orientation; sharp drops all metadata on output by default.
    const upright = sharp(input, UPLOAD_DECODING).autoOrient();
    const { autoOrient: size } = await sharp(input).metadata();
    // Never enlarged: a small picture gets the widths it can fill, plus its own width.
    const largest = Math.min(size.width, DISPLAY_WIDTHS[DISPLAY_WIDTHS.length - 1] as number);
    const widths = [...DISPLAY_WIDTHS.filter((w) => w < largest), largest];
    const copies: Encoded['copies'] = [];
    for (const width of widths) {
      const data = await upright
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      copies.push({ data, width });
    }
    const { data, info } = await upright
      .clone()
      .resize({ width: largest, withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { copies, fallback: { data, width: info.width, height: info.height } };
  } catch {
    throw imageUnreadable();
  }
}

/**
 * Turns a picture into what pages need: WebP copies at the display widths it is large enough for
 * (never enlarged) and a JPEG fallback at the largest of them, stored as public files; records the
 * sizes and returns the fallback's URL, which is what a record (competition, banner) keeps.
 */
export async function storeResponsiveImage(
  db: Kysely<DB>,
  storage: Storage,
  input: Buffer,
): Promise<string> {
  const { copies, fallback } = await encodeSizes(input);
  const variants: Variant[] = [];
  for (const { data, width } of copies) {
    variants.push({ url: await putPublic(storage, data, 'webp', 'image/webp'), width });
  }
  const url = await putPublic(storage, fallback.data, 'jpg', 'image/jpeg');
  await insertMedia(db, {
    url,
    width: fallback.width,
    height: fallback.height,
    variants: JSON.stringify(variants),
    created_at: new Date().toISOString(),
  });
  return url;
}

function parseVariants(text: string): Variant[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as Variant[]) : [];
  } catch {
    return [];
  }
}

/**
 * The responsive form of each URL. A URL with no measured record (an outside address, say) still
 * works: it is shown as it is, without sizes.
 */
export async function describeImages(
  db: Kysely<DB>,
  urls: readonly string[],
): Promise<Map<string, ResponsiveImage>> {
  const rows = await findMediaByUrls(db, urls);
  const byUrl = new Map(rows.map((row) => [row.url, row]));
  const result = new Map<string, ResponsiveImage>();
  for (const url of urls) {
    if (!url) continue;
    const row = byUrl.get(url);
    result.set(
      url,
      row
        ? {
            url,
            width: row.width,
            height: row.height,
            srcset: parseVariants(row.variants)
              .map((v) => `${v.url} ${v.width}w`)
              .join(', '),
          }
        : { url, width: null, height: null, srcset: '' },
    );
  }
  return result;
}
