import { IMAGE_MAX_SIDE } from './image-upload.ts';

/*
 * A competition's minimum artwork size for print. Art spaces state it as one number, the
 * longer side in pixels ("at least 3000 pixels on the longest side"): it holds for a portrait, a
 * landscape, a square and a panorama alike, where a pair of sides would refuse a long thin work
 * whose long side is plenty. Checked in the browser before sending and by the server from the
 * picture's header, on its upright dimensions.
 */

/** Whatever the admin types: at most the largest side a picture may have at all. */
export const MIN_ARTWORK_LONG_SIDE_MAX = IMAGE_MAX_SIDE;

const pixels = (n: number) => n.toLocaleString('en');

/** The requirement in words: 'at least 3,000 pixels on the longer side'. */
export const artworkSizeRequirement = (minLongSide: number) =>
  `at least ${pixels(minLongSide)} pixels on the longer side`;

/** What the registration form says under an artwork's picker, before a file is chosen. */
export const artworkSizeHint = (minLongSide: number) =>
  `At least ${pixels(minLongSide)} pixels on the longer side.`;

/** The refusal of a picture below the minimum, with its numbers; undefined when it is enough. */
export function artworkTooSmall(
  width: number,
  height: number,
  minLongSide: number | null | undefined,
): string | undefined {
  if (!minLongSide || Math.max(width, height) >= minLongSide) return undefined;
  return (
    `This picture is ${pixels(width)} × ${pixels(height)} pixels; this competition asks for ` +
    `${artworkSizeRequirement(minLongSide)}.`
  );
}
