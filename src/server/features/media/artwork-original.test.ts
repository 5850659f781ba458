import sharp, { type Metadata } from 'sharp';
import { describe, expect, it } from 'vitest';
import { isLosslessWebp } from './artwork-original.ts';
import { printableKeyOf } from './picture-copies.ts';
import { encodePrivateImage, filesOfPicture } from './private-images.ts';

/*
 * An artwork's original, from real image bytes: full size, upright, its metadata gone, its own
 * format; beside it the large JPEG and the display copy.
 */

const SECRETS = ['Test Camera', 'Phone 12', 'Secret Person'];
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Secret Person</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';

/** A picture as a camera writes it: sideways (orientation 6), with its maker, GPS and XMP. */
function fromCamera(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background: '#0f766e' } })
    .withExifMerge({
      IFD0: { Make: 'Test Camera', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 0/1' },
    })
    .withXmp(XMP)
    .withMetadata({ orientation: 6 });
}

async function describeImage(data: Buffer) {
  const m = await sharp(data).metadata();
  return { format: m.format, width: m.width, height: m.height, orientation: m.orientation };
}

function expectNoMetadata(data: Buffer, metadata: Metadata) {
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(metadata.comments).toBeUndefined();
  for (const secret of SECRETS) expect(data.includes(Buffer.from(secret)), secret).toBe(false);
}

describe('an artwork kept as the original', () => {
  it('a camera JPEG: every pixel, upright, its EXIF, GPS and XMP gone, with a large and a display copy', async () => {
    const input = await fromCamera(4000, 3000).jpeg({ quality: 95 }).toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const { main, large, display } = await encodePrivateImage('artwork', input);
    // Taken sideways: 4000 × 3000 on the sensor, 3000 × 4000 as the phone was held.
    expect(await describeImage(main.data)).toEqual({
      format: 'jpeg',
      width: 3000,
      height: 4000,
      orientation: undefined,
    });
    expect(main).toMatchObject({ contentType: 'image/jpeg', width: 3000, height: 4000 });
    const metadata = await sharp(main.data).metadata();
    expectNoMetadata(main.data, metadata);
    // No colour detail thrown away on the way (4:4:4: chroma kept at full resolution).
    expect(metadata.chromaSubsampling).toBe('4:4:4');
    // Its colour profile as sent (the one thing kept: what its colours mean).
    expect(metadata.icc).toEqual((await sharp(input).metadata()).icc);
    expect(await describeImage(large!.data)).toMatchObject({
      format: 'jpeg',
      width: 1920,
      height: 2560,
    });
    expect(await describeImage(display!.data)).toMatchObject({
      format: 'webp',
      width: 600,
      height: 800,
    });
    for (const copy of [large!, display!]) {
      expectNoMetadata(copy.data, await sharp(copy.data).metadata());
    }
  });

  it('a PNG stays a PNG, pixel for pixel (transparency too), upright and stripped', async () => {
    const input = await fromCamera(300, 200, 4).png().toBuffer();
    const { main } = await encodePrivateImage('artwork', input);
    expect(main.contentType).toBe('image/png');
    expect(await describeImage(main.data)).toMatchObject({
      format: 'png',
      width: 200,
      height: 300,
    });
    expectNoMetadata(main.data, await sharp(main.data).metadata());
    const pixels = (data: Buffer) => sharp(data).autoOrient().raw().toBuffer();
    expect((await pixels(main.data)).equals(await pixels(input))).toBe(true);
  });

  it('a lossless WebP stays lossless and pixel for pixel; a lossy one stays a WebP', async () => {
    const lossless = await fromCamera(300, 200).webp({ lossless: true }).toBuffer();
    expect(isLosslessWebp(lossless)).toBe(true);
    const kept = (await encodePrivateImage('artwork', lossless)).main;
    expect(kept.contentType).toBe('image/webp');
    expect(isLosslessWebp(kept.data)).toBe(true);
    expect(await describeImage(kept.data)).toMatchObject({ width: 200, height: 300 });
    expectNoMetadata(kept.data, await sharp(kept.data).metadata());
    const pixels = (data: Buffer) => sharp(data).autoOrient().raw().toBuffer();
    expect((await pixels(kept.data)).equals(await pixels(lossless))).toBe(true);

    const lossy = await fromCamera(300, 200).webp({ quality: 80 }).toBuffer();
    expect(isLosslessWebp(lossy)).toBe(false);
    const keptLossy = (await encodePrivateImage('artwork', lossy)).main;
    expect(keptLossy.contentType).toBe('image/webp');
    expect(isLosslessWebp(keptLossy.data)).toBe(false);
    expectNoMetadata(keptLossy.data, await sharp(keptLossy.data).metadata());
  });

  it("keeps the original's colour profile (for print); the screens' copies are plain sRGB", async () => {
    const input = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#d946ef' },
    })
      .withIccProfile('p3')
      .jpeg()
      .toBuffer();
    const { main, large, display } = await encodePrivateImage('artwork', input);
    expect((await sharp(main.data).metadata()).icc).toBeDefined();
    expect((await sharp(large!.data).metadata()).icc).toBeUndefined();
    expect((await sharp(display!.data).metadata()).icc).toBeUndefined();
  });

  it('never enlarges: a small artwork is its own large copy size', async () => {
    const input = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#000' },
    })
      .jpeg()
      .toBuffer();
    const { main, large, display } = await encodePrivateImage('artwork', input);
    expect([main.width, large!.width, display!.width]).toEqual([640, 640, 640]);
    // A file without a colour profile is given none.
    expect((await sharp(main.data).metadata()).icc).toBeUndefined();
  });

  it('the photo is still one JPEG of at most 800 px, with no copies', async () => {
    const input = await fromCamera(4000, 3000).jpeg().toBuffer();
    const photo = await encodePrivateImage('photo', input);
    expect(photo.large).toBeUndefined();
    expect(photo.display).toBeUndefined();
    expect(await describeImage(photo.main.data)).toMatchObject({
      format: 'jpeg',
      width: 600,
      height: 800,
    });
  });
});

describe("an artwork's files", () => {
  const key = 'private/submissions/s1/artworkurl-1a2b3c4d.png';

  it('are the original, its large JPEG, its display copy and, until its job is done, the upload', () => {
    expect(filesOfPicture(key)).toEqual([
      key,
      'private/submissions/s1/artworkurl-1a2b3c4d-large.jpg',
      'private/submissions/s1/artworkurl-1a2b3c4d-display.webp',
      'private/submissions/s1/artworkurl-1a2b3c4d-upload',
    ]);
  });

  it('give a PDF the original when pdfkit can embed it (JPEG, PNG), else the large JPEG', () => {
    expect(printableKeyOf(key)).toBe(key);
    expect(printableKeyOf('private/submissions/s1/a-1.jpg')).toBe('private/submissions/s1/a-1.jpg');
    expect(printableKeyOf('private/submissions/s1/a-1.webp')).toBe(
      'private/submissions/s1/a-1-large.jpg',
    );
  });
});
