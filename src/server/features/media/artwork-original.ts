import type { Sharp } from 'sharp';
import type { EncodedImage } from './private-images.ts';

/*
 * An artwork kept as the artist sent it, for printing: every pixel, upright (the EXIF orientation
 * applied) and with every metadata field left out (EXIF, GPS, XMP, IPTC, comments: sharp's
 * default on output), in its own format. The colour profile is the one thing kept: it says what
 * the colours are (a print shop needs it for an Adobe RGB or Display P3 file) and nothing about
 * the artist or where the picture was taken.
 *
 * sharp cannot rotate a JPEG losslessly (libvips decodes and encodes again), so a JPEG is
 * encoded again at quality 95 with full-resolution colour (4:4:4): no visible loss and no new
 * colour blur. A PNG stays a PNG (lossless by nature), a WebP stays a WebP (lossless if it was).
 */

const ORIGINAL_JPEG_QUALITY = 95;
const ORIGINAL_WEBP_QUALITY = 95;

/** Whether a WebP's image data is lossless (VP8L), read from its RIFF chunks. */
export function isLosslessWebp(data: Buffer): boolean {
  // 'RIFF', size, 'WEBP', then chunks; an extended file ('VP8X') lists others before the image.
  let at = 12;
  while (at + 8 <= data.length) {
    const fourcc = data.toString('latin1', at, at + 4);
    if (fourcc === 'VP8L') return true;
    if (fourcc === 'VP8 ') return false;
    const size = data.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  return false;
}

const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** What the original is made from: the upload, its format and whether it has a colour profile. */
export interface OriginalSource {
  input: Buffer;
  format: keyof typeof CONTENT_TYPES;
  hasProfile: boolean;
}

/** The kept original of an upright artwork decoded from `source.input`. */
export async function encodeOriginal(
  upright: Sharp,
  { input, format, hasProfile }: OriginalSource,
): Promise<EncodedImage> {
  // Only a profile the artist's file has: sharp would otherwise attach an sRGB one of its own.
  const pipeline = hasProfile ? upright.clone().keepIccProfile() : upright.clone();
  const encoder =
    format === 'png'
      ? pipeline.png()
      : format === 'webp'
        ? pipeline.webp(
            isLosslessWebp(input) ? { lossless: true } : { quality: ORIGINAL_WEBP_QUALITY },
          )
        : pipeline.jpeg({ quality: ORIGINAL_JPEG_QUALITY, chromaSubsampling: '4:4:4' });
  const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
  return { data, contentType: CONTENT_TYPES[format], width: info.width, height: info.height };
}
