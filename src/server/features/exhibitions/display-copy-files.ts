import { isValidKey } from '../media/media.service.ts';

/*
 * What a stored display copy (the JSON in `exhibition_works.display_image`) says beyond the
 * picture the pages show: the creator it was made with, and the public files it is made of.
 */

function parsed(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The creator written into the copy; null for a copy stored before it was remembered. */
export function storedCreatorOf(text: string | null): string | null {
  const creator = parsed(text)?.creator;
  return typeof creator === 'string' ? creator : null;
}

const MEDIA_PREFIX = '/media/';

/** The storage keys of the copy's files: its JPEG and every WebP width. */
export function filesOfDisplayCopy(text: string | null): string[] {
  const value = parsed(text);
  if (!value) return [];
  const srcset = typeof value.srcset === 'string' ? value.srcset : '';
  const urls = [value.url, ...srcset.split(',').map((part) => part.trim().split(' ')[0])];
  return urls
    .filter((url): url is string => typeof url === 'string' && url.startsWith(MEDIA_PREFIX))
    .map((url) => `public/${url.slice(MEDIA_PREFIX.length)}`)
    .filter(isValidKey);
}
