import { displayKeyOf, largeKeyOf } from './private-images.ts';
import type { Storage, StoredFile } from './storage/storage.ts';

/*
 * Which stored file of an artwork each reader gets. The admin's downloads and the artworks
 * archive read the kept original (the key the entry names); jurors' screens read the copies made
 * for screens, never a 40-megapixel original a tablet would have to fetch.
 */

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export interface PictureCopy {
  file: StoredFile;
  /** The file name's extension for its type. */
  ext: string;
}

async function firstStored(storage: Storage, keys: string[]): Promise<PictureCopy | undefined> {
  for (const key of keys) {
    const file = await storage.get(key);
    if (file) return { file, ext: EXTENSIONS[file.contentType] ?? 'jpg' };
  }
  return undefined;
}

/**
 * A juror's copy of an artwork: the 800 px display copy, or (`full`, for zooming in) the JPEG of
 * at most 2560 px. An entry kept before originals were has no large copy: its kept file is that
 * JPEG already, so it is the fallback of both.
 */
export function juryCopyOf(
  storage: Storage,
  key: string,
  size: 'display' | 'full',
): Promise<PictureCopy | undefined> {
  const keys = size === 'display' ? [displayKeyOf(key), key] : [largeKeyOf(key), key];
  return firstStored(storage, keys);
}

/**
 * The file a PDF (a certificate) can show of an artwork: pdfkit embeds JPEG and PNG only, so a
 * WebP original gives way to its large JPEG.
 */
export function printableKeyOf(key: string): string {
  return key.endsWith('.webp') ? largeKeyOf(key) : key;
}
