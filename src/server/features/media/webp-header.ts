/*
 * A WebP's dimensions from its header, upright by its EXIF orientation, for an upload streamed
 * past: sharp reads a WebP only whole, and its EXIF chunk comes after the image data (the upload
 * sniffer keeps that chunk as it passes).
 */

/** The EXIF orientation (1 when none or unreadable): IFD0's tag 0x0112 of the TIFF block. */
export function exifOrientation(exif: Buffer): number {
  const tiff = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? exif.subarray(6) : exif;
  if (tiff.length < 8) return 1;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  if (ifd + 2 > tiff.length) return 1;
  for (let entry = 0; entry < u16(ifd); entry += 1) {
    const at = ifd + 2 + entry * 12;
    if (at + 12 > tiff.length) return 1;
    if (u16(at) === 0x0112) return u16(at + 8);
  }
  return 1;
}

/**
 * The upright width and height of a WebP from its first chunk (VP8X's canvas, or a simple lossy
 * or lossless image's frame header), or undefined when the bytes are no WebP this reads.
 */
export function webpDimensions(
  head: Buffer,
  exif: Buffer | undefined,
): { width: number; height: number } | undefined {
  if (head.length < 30) return undefined;
  if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WEBP') {
    return undefined;
  }
  const chunk = head.toString('latin1', 12, 16);
  let width: number;
  let height: number;
  if (chunk === 'VP8X') {
    width = 1 + head.readUIntLE(24, 3);
    height = 1 + head.readUIntLE(27, 3);
  } else if (chunk === 'VP8 ') {
    // The key frame's start code, then 14 bits of width and of height.
    if (head[23] !== 0x9d || head[24] !== 0x01 || head[25] !== 0x2a) return undefined;
    width = head.readUInt16LE(26) & 0x3fff;
    height = head.readUInt16LE(28) & 0x3fff;
  } else if (chunk === 'VP8L') {
    if (head[20] !== 0x2f) return undefined;
    const bits = head.readUInt32LE(21);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else {
    return undefined;
  }
  // Orientations 5 to 8 turn the picture a quarter.
  const turned = chunk === 'VP8X' && exif !== undefined && exifOrientation(exif) >= 5;
  return turned ? { width: height, height: width } : { width, height };
}
