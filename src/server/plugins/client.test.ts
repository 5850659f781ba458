import { describe, expect, it } from 'vitest';
import { PublicSettingsSchema, SiteSettingsSchema } from '../../shared/schemas/settings.ts';
import { renderPage } from './page-template.ts';

/** A built page as Vite writes it, its stylesheet inlined, with the two site fonts' files. */
const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>x</title><!--app-head--><style>' +
  '@font-face{font-family:"Inter Variable";font-display:optional;src:url(/assets/inter-latin-ext-wght-normal-DO1Apj_S.woff2)}' +
  '@font-face{font-family:"Inter Variable";font-display:optional;src:url(/assets/inter-latin-wght-normal-Dx4kXJAl.woff2)}' +
  '@font-face{font-family:"Playfair Display Variable";font-display:optional;src:url(/assets/playfair-display-latin-wght-normal-BOwq7MWX.woff2)}' +
  '</style></head><body><div id="root"></div></body></html>';

function pageWith(fontFamily: 'inter' | 'playfair', template = TEMPLATE): string {
  const stored = SiteSettingsSchema.parse({ theme: { fontFamily } });
  const settings = PublicSettingsSchema.parse(stored);
  return renderPage(template, { title: 'About Us', description: 'd' }, settings, '{}');
}

const fontPreloads = (html: string) => html.match(/<link rel="preload" as="font"[^>]*>/g) ?? [];

describe('the page asks for the site font with the page (no layout shift when it arrives)', () => {
  it('preloads the Latin file of Inter, the default font, and nothing else', () => {
    expect(fontPreloads(pageWith('inter'))).toEqual([
      '<link rel="preload" as="font" type="font/woff2" href="/assets/inter-latin-wght-normal-Dx4kXJAl.woff2" crossorigin>',
    ]);
  });

  it('preloads Playfair Display when the settings choose it', () => {
    expect(fontPreloads(pageWith('playfair'))).toEqual([
      '<link rel="preload" as="font" type="font/woff2" href="/assets/playfair-display-latin-wght-normal-BOwq7MWX.woff2" crossorigin>',
    ]);
  });

  it('preloads nothing when the build has no such font file', () => {
    const bare = '<!doctype html><html><head><!--app-head--></head><body></body></html>';
    expect(fontPreloads(pageWith('inter', bare))).toEqual([]);
  });
});
