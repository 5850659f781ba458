import type { StaticPage } from '../../../shared/schemas/page.ts';
import type { PageTexts } from '../../../shared/schemas/settings.ts';
import { type CachedJson, cacheJson, type ContentCache } from '../../http/cached-json.ts';
import { renderMarkdown } from '../../http/markdown.ts';
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
