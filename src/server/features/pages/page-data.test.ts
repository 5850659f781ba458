import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeBannerRow,
  makeCategoryRow,
  makeCompetitionRow,
  makeMediaRow,
} from '../../../../tests/factories/rows.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays, todayIn } from '../../../shared/domain/competition-status.ts';

const SITE = 'White Stroke International Art Space';

const t = useTestApp({ clientBuild: true });
let categoryId: string;
const db = () => t.app.deps.db;

beforeEach(async () => {
  await db().deleteFrom('competitions').execute();
  await db().deleteFrom('subcategories').execute();
  await db().deleteFrom('categories').execute();
  await db().deleteFrom('banners').execute();
  await db().deleteFrom('media').execute();
  const category = makeCategoryRow({ name: 'Painting' });
  await db().insertInto('categories').values(category).execute();
  categoryId = category.id;
  t.app.deps.contentCache.invalidate();
});

async function addCompetition(overrides: Parameters<typeof makeCompetitionRow>[1] = {}) {
  const today = todayIn('Asia/Kolkata');
  const row = makeCompetitionRow(categoryId, {
    start_date: addDays(today, -1),
    end_date: addDays(today, 10),
    ...overrides,
  });
  await db().insertInto('competitions').values(row).execute();
  t.app.deps.contentCache.invalidate();
  return row;
}

async function addMedia(url: string) {
  await db().insertInto('media').values(makeMediaRow(url)).execute();
  t.app.deps.contentCache.invalidate();
}

const INITIAL_DATA_OPEN = '<script type="application/json" id="initial-data">';

/** The text of the initial-data script: up to the first `</script>`, as a browser reads it. */
function initialDataText(html: string): string {
  const start = html.indexOf(INITIAL_DATA_OPEN);
  expect(start).toBeGreaterThan(-1);
  const from = start + INITIAL_DATA_OPEN.length;
  return html.slice(from, html.indexOf('</script>', from));
}

function initialData(html: string): {
  settings: Record<string, unknown>;
  api: Record<string, unknown>;
  renderedAt?: number;
} {
  return JSON.parse(initialDataText(html));
}

/** The content of a meta tag, unescaped as a browser would. */
function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html);
  return match?.[1]
    ?.replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

async function page(url: string, status = 200): Promise<string> {
  const response = await t.app.inject(url);
  expect(response.statusCode, url).toBe(status);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-cache');
  return response.body;
}

const apiJson = async (url: string) => (await t.app.inject(url)).json();

describe(`the home page on ${TEST_ENGINE}`, () => {
  it('carries the settings and the first-screen API answers, as the API gives them', async () => {
    await addCompetition({ title: 'Monsoon Colours' });
    await db()
      .insertInto('banners')
      .values(makeBannerRow({ title: 'Shine' }))
      .execute();
    t.app.deps.contentCache.invalidate();
    const before = t.app.deps.clock.now().getTime();
    const html = await page('/');
    const after = t.app.deps.clock.now().getTime();
    const data = initialData(html);
    expect(Object.keys(data)).toEqual(['settings', 'api', 'renderedAt']);
    // The clock the browser's first render reads, so its countdown matches the server's.
    expect(data.renderedAt).toBeGreaterThanOrEqual(before);
    expect(data.renderedAt).toBeLessThanOrEqual(after);
    expect(data.settings).toEqual(await apiJson('/api/settings'));
    expect(Object.keys(data.api).sort()).toEqual([
      '/api/banners',
      '/api/categories',
      '/api/competitions',
      '/api/results/latest',
    ]);
    expect(data.api['/api/competitions']).toEqual(await apiJson('/api/competitions'));
    expect(data.api['/api/results/latest']).toEqual(await apiJson('/api/results/latest'));
    expect(data.api['/api/categories']).toEqual(await apiJson('/api/categories'));
    expect(data.api['/api/banners']).toEqual(await apiJson('/api/banners'));
    expect(data.api['/api/competitions']).toMatchObject([{ title: 'Monsoon Colours' }]);
    expect(html).toContain(`<title>${SITE}</title>`);
  });

  it('preloads the first banner and shows it, by absolute URL, when the link is shared', async () => {
    await addMedia('/media/hero.jpg');
    await db()
      .insertInto('banners')
      .values([
        makeBannerRow({ title: 'Hero', image_url: '/media/hero.jpg', position: 0 }),
        makeBannerRow({ title: 'Later', image_url: '/media/later.jpg', position: 1 }),
      ])
      .execute();
    t.app.deps.contentCache.invalidate();
    const html = await page('/');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/hero.jpg" imagesrcset="/media/hero-400.webp 400w, /media/hero-800.webp 800w" imagesizes="100vw" fetchpriority="high">',
    );
    expect(meta(html, 'property', 'og:image')).toBe(`${t.config.publicUrl}/media/hero.jpg`);
    expect(meta(html, 'name', 'twitter:image')).toBe(`${t.config.publicUrl}/media/hero.jpg`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(html.match(/rel="preload"/g)).toHaveLength(1);
  });

  it('without banners: no preload, no image, a plain card', async () => {
    const html = await page('/');
    expect(html).not.toContain('rel="preload"');
    expect(meta(html, 'property', 'og:image')).toBeUndefined();
    expect(meta(html, 'name', 'twitter:card')).toBe('summary');
    expect(initialData(html).api['/api/banners']).toEqual([]);
  });
});

describe(`a competition's page on ${TEST_ENGINE}`, () => {
  it('is titled, described and pictured by the competition, and carries it', async () => {
    await addMedia('/media/monsoon.jpg');
    const row = await addCompetition({
      title: 'Monsoon Colours',
      description: 'Paint the rains:\n\n  rivers,   rooftops and streets.',
      image_url: '/media/monsoon.jpg',
    });
    const html = await page(`/competition/${row.id}`);
    expect(html).toContain(`<title>Monsoon Colours | ${SITE}</title>`);
    expect(meta(html, 'property', 'og:title')).toBe(`Monsoon Colours | ${SITE}`);
    expect(meta(html, 'property', 'og:description')).toBe(
      'Paint the rains: rivers, rooftops and streets.',
    );
    expect(meta(html, 'name', 'description')).toBe(
      'Paint the rains: rivers, rooftops and streets.',
    );
    expect(meta(html, 'property', 'og:image')).toBe(`${t.config.publicUrl}/media/monsoon.jpg`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/monsoon.jpg" imagesrcset="/media/monsoon-400.webp 400w, /media/monsoon-800.webp 800w" imagesizes="(min-width: 1024px) 1024px, 100vw" fetchpriority="high">',
    );
    const data = initialData(html);
    expect(Object.keys(data.api)).toEqual([`/api/competitions/${row.id}`]);
    expect(data.api[`/api/competitions/${row.id}`]).toEqual(
      await apiJson(`/api/competitions/${row.id}`),
    );
    // A trailing slash is the same page.
    expect(initialData(await page(`/competition/${row.id}/`)).api).toEqual(data.api);
  });

  it('cuts a long description to 160 characters, ending with an ellipsis', async () => {
    const description = `${'Colour and light. '.repeat(20)}The end.`;
    const row = await addCompetition({ description });
    const og = meta(await page(`/competition/${row.id}`), 'property', 'og:description') ?? '';
    expect(og).toHaveLength(160);
    expect(og.endsWith('…')).toBe(true);
    expect(description.startsWith(og.slice(0, -1))).toBe(true);
    const exact = await addCompetition({ description: 'x'.repeat(160) });
    expect(meta(await page(`/competition/${exact.id}`), 'property', 'og:description')).toBe(
      'x'.repeat(160),
    );
  });

  it('never cuts a character in half', async () => {
    const row = await addCompetition({ description: '🎨'.repeat(200) });
    const og = meta(await page(`/competition/${row.id}`), 'property', 'og:description') ?? '';
    expect(og.endsWith('…')).toBe(true);
    expect(og).not.toContain('\uFFFD');
    expect(og.slice(0, -1)).toBe('🎨'.repeat(og.slice(0, -1).length / 2));
    expect(og.length).toBeLessThanOrEqual(160);
  });

  it('an image without measured sizes is preloaded plainly; no image means no picture', async () => {
    const unmeasured = await addCompetition({ image_url: '/media/plain.jpg' });
    const html = await page(`/competition/${unmeasured.id}`);
    expect(html).toContain(
      '<link rel="preload" as="image" href="/media/plain.jpg" fetchpriority="high">',
    );
    expect(meta(html, 'property', 'og:image')).toBe(`${t.config.publicUrl}/media/plain.jpg`);

    const none = await addCompetition({ image_url: '' });
    const bare = await page(`/competition/${none.id}`);
    expect(bare).not.toContain('rel="preload"');
    expect(meta(bare, 'property', 'og:image')).toBeUndefined();
    expect(meta(bare, 'name', 'twitter:card')).toBe('summary');
  });

  it.each([
    ['an unknown id', '/competition/8f14e45f-ceea-467f-a0e6-3b2b7d2b4c11'],
    ['a Devanagari id', `/competition/${encodeURIComponent('चित्रकला')}`],
    ['an id with quotes and markup', `/competition/${encodeURIComponent('"><b>x</b>')}`],
  ])('%s answers the page with 404 and the error inlined', async (_name, url) => {
    const html = await page(url, 404);
    expect(html).toContain(`<title>Competition not found | ${SITE}</title>`);
    expect(html).not.toContain('<b>x</b>');
    const data = initialData(html);
    const id = decodeURIComponent(url.split('/')[2] ?? '');
    expect(data.api).toEqual({
      [`/api/competitions/${encodeURIComponent(id)}`]: {
        error: { code: 'NOT_FOUND', message: 'Competition not found' },
      },
    });
  });

  it('a title made to break out of the page is only text', async () => {
    const attack = '</script><script>alert(1)</script>';
    const row = await addCompetition({
      title: attack,
      description: `"quoted" <b>bold</b> & ${attack}`,
    });
    const html = await page(`/competition/${row.id}`);
    expect(html).toContain(
      `<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | ${SITE}</title>`,
    );
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>bold</b>');
    const script = initialDataText(html);
    expect(script).not.toContain('</script><script>');
    expect(script).not.toContain('<');
    // The script element ends where the data does: it parses whole and keeps the exact text.
    const competition = JSON.parse(script).api[`/api/competitions/${row.id}`];
    expect(competition.title).toBe(attack);
    expect(meta(html, 'property', 'og:title')).toBe(`${attack} | ${SITE}`);
    expect(meta(html, 'property', 'og:description')).toBe(`"quoted" <b>bold</b> & ${attack}`);
  });
});

describe(`odd requests for pages on ${TEST_ENGINE}`, () => {
  it("inserts '$' sequences as they are: they are not replacement patterns", async () => {
    const title = "Prizes worth US$' and $& and $$";
    const row = await addCompetition({ title, description: 'Win $` today' });
    const html = await page(`/competition/${row.id}`);
    expect(html).toContain(`<title>Prizes worth US$&#39; and $&amp; and $$ | ${SITE}</title>`);
    expect(html.match(/<!--app-head-->/g)).toBeNull();
    expect(JSON.parse(initialDataText(html)).api[`/api/competitions/${row.id}`].title).toBe(title);
  });

  it("a missing or malformed Host header still gets the page, pictured at the site's own address", async () => {
    const banner = makeBannerRow({ image_url: '/media/hero.jpg' });
    await db().insertInto('banners').values(banner).execute();
    t.app.deps.contentCache.invalidate();
    for (const host of ['a b', '[::1', 'x:99999']) {
      const response = await t.app.inject({ url: '/', headers: { host } });
      expect(response.statusCode, host).toBe(200);
      expect(meta(response.body, 'property', 'og:image'), host).toBe(
        `${t.config.publicUrl}/media/hero.jpg`,
      );
    }
  });

  it('a page address that is not valid percent-encoding leads home', async () => {
    for (const url of ['/competition/%', '/about%', '/competition/%E0%A4']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('/');
    }
    // The API keeps its envelope.
    const api = await t.app.inject('/api/competitions/%');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });
});

describe(`the static pages on ${TEST_ENGINE}`, () => {
  it.each([
    ['about', 'About Us'],
    ['privacy', 'Privacy Policy'],
    ['terms', 'Terms and Conditions'],
    ['razorpay-policy', 'Razorpay Policy'],
  ])('/%s is titled "%s" and carries its rendered text', async (slug, title) => {
    const html = await page(`/${slug}`);
    expect(html).toContain(`<title>${title} | ${SITE}</title>`);
    expect(meta(html, 'property', 'og:title')).toBe(`${title} | ${SITE}`);
    const data = initialData(html);
    expect(Object.keys(data.api)).toEqual([`/api/pages/${slug}`]);
    expect(data.api[`/api/pages/${slug}`]).toEqual(await apiJson(`/api/pages/${slug}`));
    expect(initialData(await page(`/${slug}/`)).api).toEqual(data.api);
  });

  it('pages without data carry none', async () => {
    for (const url of ['/contact', '/registration-success', '/admin', '/no/such/page']) {
      expect(initialData(await page(url)).api, url).toEqual({});
    }
  });

  it.each([
    ['/me', 'My entries'],
    ['/me/sign-in', 'Sign in'],
  ])(
    'the artist\'s page %s is the app, titled "%s", never indexed, with no data',
    async (url, title) => {
      const html = await page(url);
      expect(html).toContain(`<title>${title} | ${SITE}</title>`);
      expect(meta(html, 'name', 'robots')).toBe('noindex');
      expect(html).toContain('<div id="root"></div>');
      expect(initialData(html).api).toEqual({});
      expect(meta(await page(`${url}/`), 'name', 'robots')).toBe('noindex');
      expect(meta(await page('/contact'), 'name', 'robots')).toBeUndefined();
    },
  );
});

describe(`the registration page on ${TEST_ENGINE}`, () => {
  it('carries the competition and its form, as the API gives them, and names it in the title', async () => {
    const competition = await addCompetition({ title: 'Monsoon Colours' });
    const html = await page(`/register/competition?competition=${competition.id}`);
    const formPath = `/api/competitions/${competition.id}/registration-form`;
    expect(initialData(html).api).toEqual({ [formPath]: await apiJson(formPath) });
    expect(html).toContain('<title>Register: Monsoon Colours | ');
  });

  it('sends the visitor home for an unknown competition, as the app would', async () => {
    for (const url of [
      `/register/competition?competition=${randomUUID()}`,
      '/register/competition?competition=not-an-id',
      '/register/competition?competition=',
      '/register/competition',
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('/');
    }
  });
});
