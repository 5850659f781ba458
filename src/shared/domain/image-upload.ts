/*
 * PRODUCT.md point 4: the limits every uploaded image must meet, checked in the
 * browser before sending (to spare the artist's data) and again by the server from the bytes.
 */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: any camera photo, far below sharp's default of about 268 megapixels. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/**
 * The shape a picture may have, besides its pixel count: no side over 20,000 px and neither side
 * over 20 times the other. A wide phone panorama fits; a strip of 1 × 39,000,000 px (a tiny file
 * within the pixel count) would take the picture worker half a minute to resize, and is refused
 * from its header before anything decodes it.
 */
export const IMAGE_MAX_SIDE = 20_000;
export const IMAGE_MAX_ASPECT_RATIO = 20;
/** The declared types the browser lets through; the server decides from the bytes. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Seed §5 and §8, verbatim. */
export const INVALID_IMAGE_TYPE = 'Invalid file type. Please upload a JPEG or PNG image.';
export const IMAGE_TOO_LARGE = 'File size must be less than 10MB.';
export const IMAGE_TOO_MANY_PIXELS =
  'This image has too many pixels. Please upload one of at most 40 megapixels.';
/** A picture whose sides break IMAGE_MAX_SIDE or IMAGE_MAX_ASPECT_RATIO, with its own size. */
export const imageShapeRefused = (width: number, height: number) =>
  `This image is ${width.toLocaleString('en')} × ${height.toLocaleString('en')} pixels. ` +
  `Please upload one at most ${IMAGE_MAX_SIDE.toLocaleString('en')} pixels on each side, ` +
  `with neither side more than ${IMAGE_MAX_ASPECT_RATIO} times the other.`;
export const IMAGE_UNREADABLE = 'Failed to process image';
/** The line under IMAGE_UNREADABLE when the browser cannot read the file as a picture. */
export const IMAGE_NOT_A_PICTURE = 'This file is not a JPEG, PNG or WebP picture.';
export const IMAGE_UPLOAD_FAILED = 'Failed to upload image';
export const IMAGE_LOAD_FAILED = 'Error loading image';
/** Seed §5 "Admin upload widget". */
export const IMAGE_UPLOAD_HINT = 'PNG, JPG up to 10MB';

/** The browser's check of a chosen file: the message to show, or undefined when it may be sent. */
export function checkImageFile(file: { type: string; size: number }): string | undefined {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return INVALID_IMAGE_TYPE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE;
  return undefined;
}
