import { z } from 'zod';
import { EMAIL_ADDRESS_MAX } from '../domain/email-address.ts';
import { isOneLine, oneLineMessage } from '../domain/one-line-text.ts';
import { canonicalTimeZoneName } from '../domain/time-zone.ts';
import {
  DEFAULT_FONT_FAMILY,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SITE_DESCRIPTION,
  DEFAULT_SITE_TITLE,
  DEFAULT_TIME_ZONE,
  FONT_FAMILIES,
  MAP_EMBED_ORIGINS,
} from '../site-defaults.ts';
import { emailAddressCheck } from './email-address.ts';
import {
  DEFAULT_ABOUT_MARKDOWN,
  DEFAULT_PAYMENT_POLICY_MARKDOWN,
  DEFAULT_PRIVACY_MARKDOWN,
  DEFAULT_TERMS_MARKDOWN,
} from '../default-pages.ts';
import { DEFAULT_SECURITY_SETTINGS, SecuritySettingsSchema } from './security-settings.ts';
import * as Seller from './seller.ts';

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

export const SITE_TITLE_MAX = 120;
export const SITE_DESCRIPTION_MAX = 500;
export const CONTACT_PHONE_MAX = 40;
export const CONTACT_ADDRESS_MAX = 500;
/** Long enough for any policy; the four pages together stay far below the 1 MB body limit. */
export const MARKDOWN_MAX = 50_000;
const URL_MAX = 2048;

/**
 * The messages of the site-settings form, the same in the browser and in the
 * server's field errors.
 */
export const SITE_SETTINGS_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${SITE_TITLE_MAX} characters`,
  titleOneLine: oneLineMessage('Title'),
  descriptionTooLong: `Description must be at most ${SITE_DESCRIPTION_MAX} characters`,
  /** The url names no upload of this site: only uploaded images may be shown. */
  unknownLogo: 'Upload the logo here; this image is not one of the uploaded ones.',
  unknownHeroImage: 'Upload the hero image here; this image is not one of the uploaded ones.',
  color: 'Colour must be a hex value like #7C3AED',
  font: 'Choose one of the fonts offered',
  timeZone: 'Choose a time zone such as Asia/Kolkata',
  email: 'Enter a valid e-mail address',
  phoneTooLong: `Phone must be at most ${CONTACT_PHONE_MAX} characters`,
  phoneOneLine: oneLineMessage('Phone'),
  addressTooLong: `Address must be at most ${CONTACT_ADDRESS_MAX} characters`,
  mapEmbedUrl:
    'Use an embed link from Google Maps (https://www.google.com/maps/embed…) or OpenStreetMap',
  pageTooLong: `Page text must be at most ${MARKDOWN_MAX.toLocaleString('en')} characters`,
} as const;
const M = SITE_SETTINGS_MESSAGES;

const PrimaryColorSchema = z.string().regex(HEX_COLOR, M.color);

export const ThemeSchema = z.object({
  primaryColor: PrimaryColorSchema.default(DEFAULT_PRIMARY_COLOR),
  darkMode: z.boolean().default(false),
  fontFamily: z.enum(FONT_FAMILIES).catch(DEFAULT_FONT_FAMILY).default(DEFAULT_FONT_FAMILY),
});
export type Theme = z.infer<typeof ThemeSchema>;

const EmailSchema = z.union([
  z.string().max(EMAIL_ADDRESS_MAX, M.email).check(emailAddressCheck(M.email)),
  z.literal(''),
]);
const PhoneSchema = z.string().trim().max(CONTACT_PHONE_MAX, M.phoneTooLong);
const AddressSchema = z.string().trim().max(CONTACT_ADDRESS_MAX, M.addressTooLong);

export const ContactSchema = z.object({
  email: EmailSchema.default(''),
  phone: PhoneSchema.default(''),
  address: AddressSchema.default(''),
});

type MapEmbedOrigin = (typeof MAP_EMBED_ORIGINS)[number];

/**
 * The embed page of each map service (the CSP lets the page frame their origins): any other
 * page there, such as Google's /url?q= redirect, is no map.
 */
const MAP_EMBED_PATHS: Record<MapEmbedOrigin, RegExp> = {
  'https://www.google.com': /^\/maps\/embed(\/|$)/,
  'https://www.openstreetmap.org': /^\/export\/embed\.html$/,
};

// zod runs a refinement even after the url check failed, so this one must not assume a URL.
function isMapEmbed(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { origin, pathname, username, password } = new URL(url);
  if (!(MAP_EMBED_ORIGINS as readonly string[]).includes(origin)) return false;
  return MAP_EMBED_PATHS[origin as MapEmbedOrigin].test(pathname) && !username && !password;
}

export const MapEmbedUrlSchema = z.union([
  z.literal(''),
  z.url(M.mapEmbedUrl).max(URL_MAX, M.mapEmbedUrl).refine(isMapEmbed, M.mapEmbedUrl),
]);

/** Page texts are Markdown; raw HTML in them is shown as text, never run. */
const MarkdownSchema = z.string().max(MARKDOWN_MAX, M.pageTooLong);
export const PageTextsSchema = z.object({
  about: MarkdownSchema.default(DEFAULT_ABOUT_MARKDOWN),
  privacy: MarkdownSchema.default(DEFAULT_PRIVACY_MARKDOWN),
  terms: MarkdownSchema.default(DEFAULT_TERMS_MARKDOWN),
  paymentPolicy: MarkdownSchema.default(DEFAULT_PAYMENT_POLICY_MARKDOWN),
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

const TitleSchema = z
  .string({ error: M.titleRequired })
  .trim()
  .min(1, M.titleRequired)
  .max(SITE_TITLE_MAX, M.titleTooLong);
const DescriptionSchema = z.string().trim().max(SITE_DESCRIPTION_MAX, M.descriptionTooLong);
/** A zone Intl knows, kept in its IANA spelling ('asia/kolkata' is stored as 'Asia/Kolkata'). */
const TimeZoneSchema = z
  .string()
  .min(1, M.timeZone)
  .refine(isTimeZone, M.timeZone)
  // overwrite, not transform: the schema also checks what the server answers, in both directions.
  .overwrite(canonicalTimeZoneName);

/**
 * The site-settings singleton as stored. Parsing fills every missing key with its default, so a
 * row written by an older version (or an empty one) always reads as a complete document.
 */
export const SiteSettingsSchema = z.object({
  title: TitleSchema.default(DEFAULT_SITE_TITLE),
  description: DescriptionSchema.default(DEFAULT_SITE_DESCRIPTION),
  logo: z.string().max(URL_MAX).default(''),
  heroImage: z.string().max(URL_MAX).default(''),
  youtubeVideoId: z.union([z.string().regex(YOUTUBE_ID), z.literal('')]).default(''),
  timeZone: TimeZoneSchema.default(DEFAULT_TIME_ZONE),
  contact: ContactSchema.default(ContactSchema.parse({})),
  mapEmbedUrl: MapEmbedUrlSchema.default(''),
  pages: PageTextsSchema.default(PageTextsSchema.parse({})),
  theme: ThemeSchema.default(ThemeSchema.parse({})),
  /** Never public: PublicSettingsSchema leaves it out. */
  // A missing or damaged security part reads as the defaults, without taking the rest with it.
  security: SecuritySettingsSchema.catch({ ...DEFAULT_SECURITY_SETTINGS }),
  /** The art space as its receipts name it; not public. */
  seller: Seller.SellerSchema.default(Seller.SellerSchema.parse({})),
  /** A received fee is refunded when the artist withdraws their entry; not public. Off: the Terms
   * say fees are not refundable unless stated. */
  refundOnArtistWithdrawal: z.boolean().catch(false).default(false),
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

/** An IANA zone name ('Asia/Kolkata', 'UTC'), not an offset such as '+05:30' that Intl also takes. */
const IANA_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * The site-settings form (PRODUCT.md point 12): everything an admin edits about
 * the site's look and texts, flat so every field error names one input. GET and PUT
 * /api/admin/site-settings carry exactly this; the security part and the video are not in it.
 * `logo` and `heroImage` are the url of an upload ('' for none); the server checks that they name
 * one.
 */
export const SiteSettingsFormSchema = z.object({
  title: TitleSchema,
  description: DescriptionSchema,
  logo: z.string().max(URL_MAX, M.unknownLogo),
  heroImage: z.string().max(URL_MAX, M.unknownHeroImage),
  primaryColor: PrimaryColorSchema,
  darkMode: z.boolean(),
  fontFamily: z.enum(FONT_FAMILIES, { error: M.font }),
  timeZone: TimeZoneSchema.refine((name) => IANA_ZONE_NAME.test(name), M.timeZone),
  contactEmail: EmailSchema,
  contactPhone: PhoneSchema,
  contactAddress: AddressSchema,
  mapEmbedUrl: MapEmbedUrlSchema,
  aboutPage: MarkdownSchema,
  privacyPage: MarkdownSchema,
  termsPage: MarkdownSchema,
  paymentPolicyPage: MarkdownSchema,
  // Optional: a form saved without them leaves the receipts' details as they are.
  legalName: Seller.LegalNameSchema.optional(),
  legalAddress: Seller.LegalAddressSchema.optional(),
  gstin: Seller.GstinSchema.optional(),
  gstRate: Seller.GstRateSchema.optional(),
  // Optional: a form saved without it leaves it as it is.
  refundOnArtistWithdrawal: z.boolean().optional(),
});
export type SiteSettingsForm = z.infer<typeof SiteSettingsFormSchema>;

/**
 * The form as it is sent (PUT and the browser's form): the title and the phone on one line.
 * Checked on what is sent only, so a value saved before the rule still reads.
 */
export const SiteSettingsFormInputSchema = SiteSettingsFormSchema.extend({
  title: TitleSchema.refine(isOneLine, M.titleOneLine),
  contactPhone: PhoneSchema.refine(isOneLine, M.phoneOneLine),
});
