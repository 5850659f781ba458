/*
 * `POST /api/submissions` as the form sends it and the route reads it: a multipart body of the
 * `data` part (the form's values as JSON, without their files) first, then the photo, then one
 * part per image field: `fieldValues.<id>` for a field asked once per entry, `works.<n>.<id>` for
 * a field of work n (from 0), or `fieldValues.<id>` for every field when `data` has no `works`;
 * and an idempotency key, the same for every retry of one registration. A refused picture's
 * message lands under its own field (`fieldValues.<id>`, `works.<n>.fieldValues.<id>`).
 */

/** The text part holding the form's values as JSON; it comes first. */
export const DATA_PART = 'data';
/** The file part of the artist's photo. */
export const PHOTO_PART = 'photo';
const IMAGE_PART_PREFIX = 'fieldValues.';

/** The file part of an image field: `fieldValues.<fieldId>`. */
export function imagePartOf(fieldId: string): `fieldValues.${string}` {
  return `${IMAGE_PART_PREFIX}${fieldId}`;
}

/** The field id an image field's part names (`fieldValues.artwork` → `artwork`). */
export function fieldIdOfImagePart(part: string): string {
  return part.slice(IMAGE_PART_PREFIX.length);
}

const WORK_IMAGE_PART = /^works\.(\d{1,2})\.([A-Za-z][A-Za-z0-9_]*)$/;

/** The file part of an image field of the work at `index` (from 0, as in `works`). */
export function workImagePartOf(index: number, fieldId: string): string {
  return `works.${index}.${fieldId}`;
}

/** The work and field a work's file part names (`works.1.artworkUrl`), or undefined. */
export function workOfImagePart(part: string): { index: number; fieldId: string } | undefined {
  const match = WORK_IMAGE_PART.exec(part);
  return match ? { index: Number(match[1]), fieldId: match[2] as string } : undefined;
}

/** The header carrying the idempotency key. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The header carrying an artist's extension link's secret (decision 021), when they have one. */
export const ENTRY_EXTENSION_HEADER = 'entry-extension';
