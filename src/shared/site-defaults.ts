import type { PublicSettings } from './schemas/settings.ts';

/*
 * Plain values with no zod import, so the public pages can use them without pulling the
 * validation library into their first download.
 */

/** Seed §1/§3/§9 defaults; the site's look and texts start from these. */
export const DEFAULT_SITE_TITLE = 'White Stroke International Art Space';
export const DEFAULT_SITE_DESCRIPTION =
  'Showcase your creativity and compete with artists worldwide';
export const DEFAULT_PRIMARY_COLOR = '#7C3AED';
export const DEFAULT_FONT_FAMILY = 'inter';
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** Fonts the site self-hosts; each maps to a CSS font stack in the client. */
export const FONT_FAMILIES = ['inter', 'playfair'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

/**
 * Map embeds the contact page may show: the Content-Security-Policy allows frames from these
 * origins only, so the setting is checked against them.
 */
export const MAP_EMBED_ORIGINS = [
  'https://www.google.com',
  'https://www.openstreetmap.org',
] as const;
/** The privacy-enhanced YouTube domain: no cookies until the visitor plays the video. */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  title: DEFAULT_SITE_TITLE,
  description: DEFAULT_SITE_DESCRIPTION,
  logo: '',
  heroImage: '',
  youtubeVideoId: '',
  timeZone: DEFAULT_TIME_ZONE,
  contact: { email: '', phone: '', address: '' },
  mapEmbedUrl: '',
  theme: {
    primaryColor: DEFAULT_PRIMARY_COLOR,
    darkMode: false,
    fontFamily: DEFAULT_FONT_FAMILY,
  },
};
