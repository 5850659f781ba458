import { z } from 'zod';
import { parseYouTubeVideo, YOUTUBE_MESSAGES } from '../domain/youtube.ts';
import {
  DEFAULT_FONT_FAMILY,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SITE_DESCRIPTION,
  DEFAULT_SITE_TITLE,
  DEFAULT_TIME_ZONE,
  FONT_FAMILIES,
  MAP_EMBED_ORIGINS,
} from '../site-defaults.ts';
import {
  DEFAULT_ABOUT_MARKDOWN,
  DEFAULT_PAYMENT_POLICY_MARKDOWN,
  DEFAULT_PRIVACY_MARKDOWN,
  DEFAULT_TERMS_MARKDOWN,
} from '../default-pages.ts';

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

export const ThemeSchema = z.object({
  primaryColor: z
    .string()
    .regex(HEX_COLOR, 'Colour must be a hex value like #7C3AED')
    .default(DEFAULT_PRIMARY_COLOR),
  heroBackgroundImage: z.string().max(2048).default(''),
  darkMode: z.boolean().default(false),
  fontFamily: z.enum(FONT_FAMILIES).catch(DEFAULT_FONT_FAMILY).default(DEFAULT_FONT_FAMILY),
});
export type Theme = z.infer<typeof ThemeSchema>;

export const ContactSchema = z.object({
  email: z.union([z.email('Enter a valid e-mail address').max(254), z.literal('')]).default(''),
  phone: z.string().trim().max(40).default(''),
  address: z.string().trim().max(500).default(''),
});

export const MapEmbedUrlSchema = z.union([
  z.literal(''),
  z
    .url()
    .max(2048)
    .refine(
      (url) => (MAP_EMBED_ORIGINS as readonly string[]).includes(new URL(url).origin),
      'Use an embed link from Google Maps (https://www.google.com/maps/embed…) or OpenStreetMap',
    ),
]);

/** Page texts are Markdown; raw HTML in them is shown as text, never run. */
const MARKDOWN_MAX = 50_000;
export const PageTextsSchema = z.object({
  about: z.string().max(MARKDOWN_MAX).default(DEFAULT_ABOUT_MARKDOWN),
  privacy: z.string().max(MARKDOWN_MAX).default(DEFAULT_PRIVACY_MARKDOWN),
  terms: z.string().max(MARKDOWN_MAX).default(DEFAULT_TERMS_MARKDOWN),
  paymentPolicy: z.string().max(MARKDOWN_MAX).default(DEFAULT_PAYMENT_POLICY_MARKDOWN),
});
export type PageTexts = z.infer<typeof PageTextsSchema>;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The featured video form (seed §5 "YouTube video"): a link or a bare id comes in, only the
 * 11-character id comes out.
 */
export const VideoSettingsSchema = z.object({
  url: z
    .string()
    .max(2048, YOUTUBE_MESSAGES.invalidUrl)
    .transform((url, ctx) => {
      const parsed = parseYouTubeVideo(url);
      if (parsed.error !== undefined) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.id;
    }),
});

/**
 * Issue 4: sign-in rules an admin can change. Every field is required when they are saved
 * (PUT /api/admin/security-settings), so leaving one out never resets it quietly.
 */
export const SecuritySettingsSchema = z
  .object({
    requireTwoFactor: z.boolean(),
    sessionIdleMinutes: z
      .number({ error: 'Enter a number of minutes' })
      .int('Use whole minutes')
      .min(5, 'At least 5 minutes')
      .max(24 * 60, 'At most 1440 minutes (24 hours)'),
    sessionAbsoluteHours: z
      .number({ error: 'Enter a number of hours' })
      .int('Use whole hours')
      .min(1, 'At least 1 hour')
      .max(7 * 24, 'At most 168 hours (7 days)'),
  })
  .refine((s) => s.sessionIdleMinutes <= s.sessionAbsoluteHours * 60, {
    message: 'The idle timeout cannot be longer than the absolute lifetime',
    path: ['sessionIdleMinutes'],
  });
/** PRODUCT.md point 2: idle 2 h, absolute 12 h; two-factor offered, not required. */
export const DEFAULT_SECURITY_SETTINGS = {
  requireTwoFactor: false,
  sessionIdleMinutes: 120,
  sessionAbsoluteHours: 12,
} as const;
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;

/**
 * The site-settings singleton as stored. Parsing fills every missing key with its default, so a
 * row written by an older version (or an empty one) always reads as a complete document.
 */
export const SiteSettingsSchema = z.object({
  title: z.string().trim().min(1).max(120).default(DEFAULT_SITE_TITLE),
  description: z.string().trim().max(500).default(DEFAULT_SITE_DESCRIPTION),
  logo: z.string().max(2048).default(''),
  heroImage: z.string().max(2048).default(''),
  youtubeVideoId: z.union([z.string().regex(YOUTUBE_ID), z.literal('')]).default(''),
  timeZone: z
    .string()
    .min(1)
    .refine(isTimeZone, 'Choose a time zone such as Asia/Kolkata')
    .default(DEFAULT_TIME_ZONE),
  contact: ContactSchema.default(ContactSchema.parse({})),
  mapEmbedUrl: MapEmbedUrlSchema.default(''),
  pages: PageTextsSchema.default(PageTextsSchema.parse({})),
  theme: ThemeSchema.default(ThemeSchema.parse({})),
  /** Never public: PublicSettingsSchema leaves it out. */
  // A missing or damaged security part reads as the defaults, without taking the rest with it.
  security: SecuritySettingsSchema.catch({ ...DEFAULT_SECURITY_SETTINGS }),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** What `GET /api/settings` returns to anyone. */
export const PublicSettingsSchema = SiteSettingsSchema.pick({
  title: true,
  description: true,
  logo: true,
  heroImage: true,
  youtubeVideoId: true,
  timeZone: true,
  contact: true,
  mapEmbedUrl: true,
  theme: true,
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
