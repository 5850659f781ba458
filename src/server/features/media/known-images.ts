import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { invalidFields } from '../../errors.ts';
import { findMediaByUrls } from './media.repository.ts';

/*
 * An image a record shows is the url of an upload of this site (a `media` row), or '' for none:
 * no record may point at an arbitrary address.
 */

/**
 * The fields of `urls` that name no upload, each with its message (`message` for all, or one a
 * field); empty when every image is known.
 */
export async function unknownImageFields<Field extends string>(
  db: Kysely<DB>,
  urls: Record<Field, string>,
  message: string | Record<Field, string>,
): Promise<Partial<Record<Field, string>>> {
  const entries = Object.entries(urls) as [Field, string][];
  const found = await findMediaByUrls(
    db,
    entries.map(([, url]) => url),
  );
  const known = new Set(found.map((row) => row.url));
  const fields: Partial<Record<Field, string>> = {};
  for (const [field, url] of entries) {
    if (url !== '' && !known.has(url)) {
      fields[field] = typeof message === 'string' ? message : message[field];
    }
  }
  return fields;
}

/** Refuses (400, a message under each field) any of `urls` that names no upload. */
export async function checkImagesAreUploads<Field extends string>(
  db: Kysely<DB>,
  urls: Record<Field, string>,
  message: string | Record<Field, string>,
): Promise<void> {
  const fields = await unknownImageFields(db, urls, message);
  if (Object.keys(fields).length > 0) throw invalidFields(fields as Record<string, string>);
}
