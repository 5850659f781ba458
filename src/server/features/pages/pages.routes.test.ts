import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  DEFAULT_ABOUT_MARKDOWN,
  DEFAULT_PAYMENT_POLICY_MARKDOWN,
  DEFAULT_PRIVACY_MARKDOWN,
  DEFAULT_TERMS_MARKDOWN,
} from '../../../shared/default-pages.ts';
import { StaticPageSchema } from '../../../shared/schemas/page.ts';
import type { PageTexts } from '../../../shared/schemas/settings.ts';

const t = useTestApp();

async function page(slug: string) {
  const response = await t.app.inject(`/api/pages/${slug}`);
  expect(response.statusCode, slug).toBe(200);
  return StaticPageSchema.strict().parse(response.json());
}

async function setPageText(key: keyof PageTexts, markdown: string) {
  const { pages } = await t.app.deps.settings.getSettings();
  await t.app.deps.settings.updateSettings({ pages: { ...pages, [key]: markdown } });
}

/** Sets the About text for one test and puts the default back afterwards. */
async function withAbout(markdown: string, check: () => Promise<void>) {
  await setPageText('about', markdown);
  try {
    await check();
  } finally {
    await setPageText('about', DEFAULT_ABOUT_MARKDOWN);
  }
}

describe(`GET /api/pages/:slug on ${TEST_ENGINE}`, () => {
  it.each([
    ['about', 'About Us'],
    ['privacy', 'Privacy Policy'],
    ['terms', 'Terms and Conditions'],
    ['razorpay-policy', 'Razorpay Policy'],
  ])('/api/pages/%s is "%s", rendered from its Markdown', async (slug, title) => {
    const result = await page(slug);
    expect(result.slug).toBe(slug);
    expect(result.title).toBe(title);
    expect(result.html).toMatch(/^<p>/);
    expect(result.html).toContain('<h2>');
    expect(result.html).not.toContain('## ');
  });

  it('each page shows its own default text', async () => {
    const firstLine = (markdown: string) => markdown.split('\n')[0]?.slice(0, 40) ?? '';
    expect((await page('about')).html).toContain(firstLine(DEFAULT_ABOUT_MARKDOWN));
    expect((await page('privacy')).html).toContain(firstLine(DEFAULT_PRIVACY_MARKDOWN));
    expect((await page('terms')).html).toContain(firstLine(DEFAULT_TERMS_MARKDOWN));
    expect((await page('razorpay-policy')).html).toContain(
      firstLine(DEFAULT_PAYMENT_POLICY_MARKDOWN),
    );
  });

  it('the default terms carry the seed constants', async () => {
    const { html } = await page('terms');
    expect(html).toContain('aged 2 and above');
    expect(html).toContain('within 3 days');
    expect(html).toContain('7-10 days');
    expect(html).toContain('non-refundable unless stated otherwise');
  });

  it('an edited page shows at once, as Markdown rendered to HTML', async () => {
    await withAbout('# Our story\n\nWe *paint*. Visit https://example.com/gallery', async () => {
      const { html } = await page('about');
      expect(html).toContain('<h1>Our story</h1>');
      expect(html).toContain('<em>paint</em>');
      expect(html).toContain('<a href="https://example.com/gallery">');
    });
    expect((await page('about')).html).not.toContain('Our story');
  });

  it('raw HTML and script links in the Markdown are shown as text, never run', async () => {
    await withAbout(
      '# Hi\n<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) <a href="javascript:alert(2)">y</a> [z](JAVASCRIPT:alert(3)) [d](data:text/html;base64,PHNjcmlwdD4=)',
      async () => {
        const { html } = await page('about');
        expect(html).toContain('<h1>Hi</h1>');
        expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
        expect(html).not.toMatch(/<script/i);
        expect(html).not.toMatch(/<img/i);
        // No real tag carries an event handler, whatever the text around it says.
        expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i);
        expect(html).not.toMatch(/href="\s*javascript:/i);
        expect(html).not.toMatch(/href="\s*data:/i);
        // The only tags are the ones Markdown made.
        const tags = [...html.matchAll(/<([a-z0-9]+)[\s>]/gi)].map((m) => m[1]?.toLowerCase());
        expect(new Set(tags)).toEqual(new Set(['h1', 'p']));
      },
    );
  });

  it('is cached with an ETag; a settings change drops the cached page', async () => {
    const first = await t.app.inject('/api/pages/privacy');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      url: '/api/pages/privacy',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await setPageText('privacy', 'We keep nothing.');
    try {
      const changed = await t.app.inject({
        url: '/api/pages/privacy',
        headers: { 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().html).toBe('<p>We keep nothing.</p>\n');
      expect(changed.headers.etag).not.toBe(etag);
    } finally {
      await setPageText('privacy', DEFAULT_PRIVACY_MARKDOWN);
    }
  });

  it.each([
    'contact',
    'paymentPolicy',
    'About',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    '..%2Fterms',
    '%E0%A4',
    'x'.repeat(100),
  ])('an unknown slug (%s) is a 404 with the envelope', async (slug) => {
    const response = await t.app.inject(`/api/pages/${slug}`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body.error.code).toBe('NOT_FOUND');
    if (!slug.includes('%')) {
      expect(body).toEqual({ error: { code: 'NOT_FOUND', message: 'Page not found' } });
    }
  });
});
