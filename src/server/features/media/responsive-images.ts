import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { ResponsiveImage } from '../../../shared/schemas/image.ts';
import type { DB } from '../../db/schema.ts';
import { publicKeyOf, publicUrlOf, type Storage } from './storage/storage.ts';
import { decodeUpload, imageUnreadable } from './image-check.ts';
import { type DisplayMetadata, withDisplayMetadata } from './display-metadata.ts';
import type { ImageWorker } from './image-worker-client.ts';
import { findMediaByUrls, insertMedia } from './media.repository.ts';

/** Display widths made of every public image: phones, tablets and laptops, wide screens. */
export const DISPLAY_WIDTHS = [400, 800, 1600] as const;
const WEBP_QUALITY = 72;
const JPEG_QUALITY = 78;

interface Variant {
  url: string;
  width: number;
}

/** A file to store: its key (named by its bytes), bytes and type. */
interface PublicFile {
  key: string;
  data: Buffer;
  contentType: string;
}

interface Encoded {
  /** WebP copies, smallest first, with their widths. */
  copies: (PublicFile & { width: number })[];
  /** The JPEG fallback at the largest width, with its size. */
  fallback: PublicFile & { width: number; height: number };
}

/**
 * No display copy is taller than this: a page never shows more, it stays far below WebP's limit
 * of 16383 px a side, and a very tall picture costs a fraction of a second to encode, not seconds
 * in the one-at-a-time queue.
 */
const DISPLAY_MAX_HEIGHT = 4096;

/**
 * Every size of the picture, made in memory before anything is stored (a few MB at most). It is
 * decoded as the upload check decoded it; whatever sharp still cannot do with it is the picture's
 * fault, answered 422 rather than 500. Runs in the image worker's process.
 */
export async function encodeResponsiveSizes(
  input: Buffer,
  metadata?: DisplayMetadata,
): Promise<Encoded> {
  try {
    // autoOrient() applies the EXIF orientation; sharp drops all metadata on output by default,
    // and writes only the creator and copyright when `metadata` names them.
    const upright = decodeUpload(input).autoOrient();
    const { autoOrient: size } = await sharp(input).metadata();
    // Never enlarged: a small picture gets the widths it can fill, plus its own width. A very
    // tall one is narrowed until its height fits DISPLAY_MAX_HEIGHT too.
    const fitsHeight = Math.floor((size.width * DISPLAY_MAX_HEIGHT) / size.height);
    const largest = Math.max(1, Math.min(size.width, fitsHeight, DISPLAY_WIDTHS.at(-1) as number));
    const widths = [...DISPLAY_WIDTHS.filter((w) => w < largest), largest];
    // The box guards both sides whatever the rounding: never above either limit, never enlarged.
    const box = (width: number) =>
      ({ width, height: DISPLAY_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true }) as const;
    const copies: Encoded['copies'] = [];
    for (const width of widths) {
      const { data, info } = await withDisplayMetadata(upright.clone(), metadata)
        .resize(box(width))
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      const key = publicKeyOf(data, 'webp');
      copies.push({ key, data, contentType: 'image/webp', width: info.width });
    }
    const { data, info } = await withDisplayMetadata(upright.clone(), metadata)
      .resize(box(largest))
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const fallback = { key: publicKeyOf(data, 'jpg'), data, contentType: 'image/jpeg' };
    return { copies, fallback: { ...fallback, width: info.width, height: info.height } };
  } catch {
    throw imageUnreadable();
  }
}

/**
 * Turns a picture into what pages need: WebP copies at the display widths it is large enough for
 * (never enlarged) and a JPEG fallback at the largest of them, stored as public files; records the
 * sizes and returns the fallback's URL, which is what a record (competition, banner) keeps.
 * `alsoRecord` writes in the same transaction as the record (the upload's audit entry). If
 * storing or recording fails, the files written for it are removed again; a file that cannot be
 * removed is logged (with `log`), since nothing else will remove it.
 */
export async function storeResponsiveImage(
  db: Kysely<DB>,
  storage: Storage,
  input: Buffer,
  options: {
    /** The image worker that encodes the sizes. */
    worker: ImageWorker;
    now: Date;
    alsoRecord?: (trx: Kysely<DB>, url: string) => Promise<void>;
    log?: Pick<FastifyBaseLogger, 'warn'>;
    /** Written into every copy (an exhibited work's creator and copyright). */
    metadata?: DisplayMetadata;
  },
): Promise<string> {
  const { now, alsoRecord, log } = options;
  const { copies, fallback } = await options.worker.run(
    'encodeResponsiveSizes',
    input,
    options.metadata,
  );
  const url = publicUrlOf(fallback.key);
  // The same picture stored before has these very files (they are named by their bytes): they
  // are its record's, and stay whatever happens here.
  const storedBefore = (await findMediaByUrls(db, [url])).length > 0;
  const written: string[] = [];
  try {
    for (const file of [...copies, fallback]) {
      await storage.put(file.key, file.data, { contentType: file.contentType });
      written.push(file.key);
    }
    await db.transaction().execute(async (trx) => {
      await insertMedia(trx, {
        url,
        width: fallback.width,
        height: fallback.height,
        variants: JSON.stringify(copies.map((c) => ({ url: publicUrlOf(c.key), width: c.width }))),
        created_at: now.toISOString(),
      });
      await alsoRecord?.(trx, url);
    });
  } catch (error) {
    if (!storedBefore) {
      const removals = await Promise.allSettled(written.map((key) => storage.delete(key)));
      removals.forEach((removal, index) => {
        if (removal.status === 'rejected') {
          log?.warn(
            { err: removal.reason as unknown, key: written[index] },
            'removing an image file of a failed upload failed: it stays in storage',
          );
        }
      });
    }
    throw error;
  }
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
