import MarkdownIt from 'markdown-it';
import type { StaticPage } from '../../../shared/schemas/page.ts';
import type { PageTexts } from '../../../shared/schemas/settings.ts';
import { type CachedJson, cacheJson, type ContentCache } from '../../http/cached-json.ts';
import type { SettingsService } from '../settings/settings.service.ts';

/** The static pages whose text is Markdown in the site settings, by their URL slug. */
export const STATIC_PAGES = {
  about: { title: 'About Us', text: 'about' },
  privacy: { title: 'Privacy Policy', text: 'privacy' },
  terms: { title: 'Terms and Conditions', text: 'terms' },
  'razorpay-policy': { title: 'Razorpay Policy', text: 'paymentPolicy' },
} as const satisfies Record<string, { title: string; text: keyof PageTexts }>;
export type StaticPageSlug = keyof typeof STATIC_PAGES;
export const STATIC_PAGE_SLUGS = Object.keys(STATIC_PAGES) as StaticPageSlug[];

export const PAGE_NOT_FOUND = 'Page not found';

// html: false is what makes this safe: raw HTML in the Markdown is escaped and shown as text.
// markdown-it also refuses javascript:, vbscript: and data: (except images) link targets.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

export function renderMarkdown(text: string): string {
  return markdown.render(text);
}

export function isStaticPageSlug(slug: string): slug is StaticPageSlug {
  return Object.hasOwn(STATIC_PAGES, slug);
}

/** A static page rendered to HTML once per change of the settings. */
export function renderStaticPage(
  slug: StaticPageSlug,
  settings: SettingsService,
  cache: ContentCache,
): Promise<{ page: StaticPage; json: CachedJson }> {
  return cache.get(`page:${slug}`, async () => {
    const { pages } = await settings.getSettings();
    const { title, text } = STATIC_PAGES[slug];
    const page = { slug, title, html: renderMarkdown(pages[text]) };
    return { page, json: cacheJson(page) };
  });
}
