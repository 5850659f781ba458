import { z } from 'zod';

/**
 * A public image as pages use it: a fallback URL every browser shows (JPEG), WebP sizes for
 * `srcset`, and the intrinsic size so the page reserves its space before the bytes arrive.
 * Width and height are null for an image whose size the server never measured.
 */
export const ResponsiveImageSchema = z.object({
  url: z.string(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /** e.g. '/media/ab…-400.webp 400w, /media/ab…-800.webp 800w'; empty when there are no sizes. */
  srcset: z.string(),
});
export type ResponsiveImage = z.infer<typeof ResponsiveImageSchema>;
