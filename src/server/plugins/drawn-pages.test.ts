import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { PublicSettingsSchema, SiteSettingsSchema } from '../../shared/schemas/settings.ts';
import { createContentCache } from '../http/cached-json.ts';
import { createPageDrawer } from './drawn-pages.ts';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"></div></body></html>';
const settings = PublicSettingsSchema.parse(SiteSettingsSchema.parse({}));

/** A drawer whose app draws the address it was asked for, counting each drawing. */
function drawerWith(
  sharedPages: string[],
  pageVariant?: (pathname: string, query: URLSearchParams) => Promise<string | undefined>,
) {
  const cache = createContentCache();
  const drawn: string[] = [];
  const drawer = createPageDrawer({
    template: TEMPLATE,
    drawnTemplate: TEMPLATE,
    loadSettings: async () => settings,
    describePage: async () => ({ status: 200, api: {} }),
    cache,
    renderApp: async (url) => {
      drawn.push(url);
      return `<main>${url}</main>`;
    },
    securityPolicy: () => "default-src 'self'",
    now: () => new Date('2026-11-26T06:00:00Z'),
    publicUrl: 'https://whitestroke.example',
    sharedPages: async () => sharedPages,
    pageVariant,
    log: pino({ level: 'silent' }),
  });
  return { cache, drawn, drawer };
}

describe('pages drawn ahead of need', () => {
  it('draws every shared page, with its compressed copies, when content changes', async () => {
    const { cache, drawn, drawer } = drawerWith(['/', '/about']);
    cache.invalidate();
    cache.invalidate();
    await vi.waitFor(() => expect(drawn).toEqual(['/', '/about']));
    // A visit then gets the page drawn ahead, not a new drawing.
    const page = await drawer.page('/about', '', pino({ level: 'silent' }));
    expect(page.body.json).toContain('<div id="root"><main>/about</main></div>');
    expect(drawn).toEqual(['/', '/about']);
    await drawer.close();
  });

  it('draws a page whose query no variant names for each request', async () => {
    const { drawn, drawer } = drawerWith([]);
    const log = pino({ level: 'silent' });
    await drawer.page('/', 'q=rain', log);
    await drawer.page('/', 'q=rain', log);
    expect(drawn).toEqual(['/?q=rain', '/?q=rain']);
    await drawer.close();
  });

  it('draws each variant a query names once, until content changes', async () => {
    // As home does: a known category is a variant, a search is drawn per request.
    const { cache, drawn, drawer } = drawerWith([], async (_pathname, query) => {
      if (query.has('q')) return undefined;
      return query.get('category') === 'paint' ? '?category=paint' : '';
    });
    const log = pino({ level: 'silent' });
    const first = await drawer.page('/', 'category=paint&utm_source=mail', log);
    const second = await drawer.page('/', 'scrollToFeatured=true&category=paint', log);
    await drawer.page('/', 'category=gone', log);
    await drawer.page('/', '', log);
    expect(drawn).toEqual(['/?category=paint', '/']);
    expect(second).toBe(first);
    await drawer.page('/', 'q=rain', log);
    expect(drawn).toEqual(['/?category=paint', '/', '/?q=rain']);
    cache.invalidate();
    await drawer.page('/', 'category=paint', log);
    expect(drawn.at(-1)).toBe('/?category=paint');
    expect(drawn).toHaveLength(4);
    await drawer.close();
  });
});
