import { z } from 'zod';
import {
  DEFAULT_FONT_FAMILY,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SITE_DESCRIPTION,
  DEFAULT_SITE_TITLE,
  DEFAULT_TIME_ZONE,
  FONT_FAMILIES,
} from '../site-defaults.ts';

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
  timeZone: z.string().min(1).default(DEFAULT_TIME_ZONE),
  theme: ThemeSchema.default(ThemeSchema.parse({})),
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
  theme: true,
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
