/*
 * `POST /api/submissions` as the form sends it and the route reads it: a multipart body of the
 * `data` part (the form's values as JSON, without their files) first, then the photo, then one
 * part per image field; and an idempotency key, the same for every retry of one registration.
 * An image field's part is named by its path in the form, as the error envelope's `fields` are,
 * so a refused picture's message lands under its own field.
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

/** The header carrying the idempotency key. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The header carrying an artist's extension link's secret (decision 021), when they have one. */
export const ENTRY_EXTENSION_HEADER = 'entry-extension';
