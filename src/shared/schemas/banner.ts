import { z } from 'zod';
import { isOneLine, oneLineMessage } from '../domain/one-line-text.ts';
import { ResponsiveImageSchema } from './image.ts';

export const PublicBannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: ResponsiveImageSchema,
  createdAt: z.string(),
});
export type PublicBanner = z.infer<typeof PublicBannerSchema>;

/** Seed §5 "Banner form": the image message word for word; title and description required. */
export const BANNER_MESSAGES = {
  imageRequired: 'Banner image is required',
  titleRequired: 'Title is required',
  titleOneLine: oneLineMessage('Title'),
  descriptionRequired: 'Description is required',
  /** The url names no upload of this site: only uploaded images may be shown. */
  unknownImage: 'Upload the banner image here; this image is not one of the uploaded ones.',
} as const;

/** Long enough for a headline and a sentence or two; the slideshow shows them over a photo. */
export const BANNER_TITLE_MAX = 120;
export const BANNER_DESCRIPTION_MAX = 500;
const URL_MAX = 2048;

// `error` covers a missing key too, so the browser and a bare API call read the same message.
const requiredText = (message: string, max: number, name: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${name} must be at most ${max} characters`);

/**
 * What the banner form sends (POST /api/admin/banners, PUT /api/admin/banners/:id). `imageUrl` is
 * the `url` of an upload; the server also checks that it names one.
 */
export const BannerInputSchema = z.object({
  title: requiredText(BANNER_MESSAGES.titleRequired, BANNER_TITLE_MAX, 'Title').refine(
    isOneLine,
    BANNER_MESSAGES.titleOneLine,
  ),
  description: requiredText(
    BANNER_MESSAGES.descriptionRequired,
    BANNER_DESCRIPTION_MAX,
    'Description',
  ),
  imageUrl: z
    .string({ error: BANNER_MESSAGES.imageRequired })
    .trim()
    .min(1, BANNER_MESSAGES.imageRequired)
    .max(URL_MAX, BANNER_MESSAGES.unknownImage),
});
export type BannerInput = z.infer<typeof BannerInputSchema>;

/** A banner as the admin screen shows it: the stored image url and its responsive form. */
export const AdminBannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  image: ResponsiveImageSchema,
  /** Smaller comes first; only the order matters, not the numbers. */
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;

export const BannerIdParamsSchema = z.object({ id: z.uuid('Unknown banner id') });

/** A generous cap on the list, so a request cannot make the server compare millions of ids. */
export const BANNERS_MAX = 500;

/**
 * PUT /api/admin/banners/order: every banner's id, once each, in the new display order. A list
 * made before another admin added or removed a banner no longer matches and is refused.
 */
export const BannerOrderSchema = z.object({
  ids: z.array(z.string().max(64)).max(BANNERS_MAX),
});
export type BannerOrder = z.infer<typeof BannerOrderSchema>;
