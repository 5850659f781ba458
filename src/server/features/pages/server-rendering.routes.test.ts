import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCategoryRow, makeCompetitionRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  freshAddress,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays, todayIn } from '../../../shared/domain/competition-status.ts';

/*
 * The public pages as a browser without scripts gets them (docs/decisions/018-server-rendering.md):
 * the server draws each page with the app itself, so its content is in the HTML.
 */
const t = useTestApp({
  config: { adminPassword: ADMIN_PASSWORD },
  clientBuild: 'server-rendered',
});
const db = () => t.app.deps.db;
let competitionId: string;

beforeAll(async () => {
  const category = makeCategoryRow({ name: 'Painting' });
  await db().insertInto('categories').values(category).execute();
  const today = todayIn('Asia/Kolkata');
  const row = makeCompetitionRow(category.id, {
    title: 'Monsoon Colours',
    description: 'Paint the first rain of the season.',
    start_date: addDays(today, -1),
    end_date: addDays(today, 10),
    entry_fee: 499,
  });
  await db().insertInto('competitions').values(row).execute();
  competitionId = row.id;
  t.app.deps.contentCache.invalidate();
});

async function get(url: string) {
  const response = await t.app.inject(url);
  expect(response.statusCode, url).toBe(200);
  return response;
}

/** What the server drew inside the root element: the page before any script runs. */
function drawn(html: string): string {
  const start = html.indexOf('<div id="root">');
  expect(start, 'the root element').toBeGreaterThan(-1);
  return html.slice(start, html.lastIndexOf('</div>'));
}

/** The visible text of some HTML, tags removed and entities for the tests' characters decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe(`server-rendered public pages on ${TEST_ENGINE}`, () => {
  it('draws the home page: the site title, the countdown and the featured competition', async () => {
    const text = textOf(drawn((await get('/')).body));
    expect(text).toContain('White Stroke International Art Space');
    expect(text).toContain('Time Remaining');
    expect(text).toContain('Monsoon Colours');
  });

  it("draws a competition's page with its title, description and fee", async () => {
    const text = textOf(drawn((await get(`/competition/${competitionId}`)).body));
    expect(text).toContain('Monsoon Colours');
    expect(text).toContain('Paint the first rain of the season.');
    expect(text).toContain('₹499');
  });

  it("draws the registration form's heading, competition and field labels", async () => {
    const text = textOf(
      drawn((await get(`/register/competition?competition=${competitionId}`)).body),
    );
    expect(text).toContain('Monsoon Colours');
    expect(text).toContain('Full Name');
    expect(text).toContain('Email');
  });

  it('draws the registration form unable to send until the app runs it', async () => {
    // Pressed before that, the browser would submit the form as a page load: all typed, gone.
    const html = drawn((await get(`/register/competition?competition=${competitionId}`)).body);
    const submit = /<button([^>]*)>Submit Registration<\/button>/.exec(html);
    expect(submit?.[1]).toMatch(/ type="submit"/);
    expect(submit?.[1]).toMatch(/ disabled=""/);
  });

  it.each([
    ['/about', 'About Us'],
    ['/contact', 'Contact Us'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms and Conditions'],
    ['/razorpay-policy', 'Razorpay Policy'],
    ['/registration-success', 'Registration Successful!'],
  ])('draws %s with its heading', async (url, heading) => {
    expect(drawn((await get(url)).body)).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
  });

  it('draws a search on home for its own query, never cached for the next visitor', async () => {
    const noMatch = 'No competitions found matching your criteria.';
    expect(textOf(drawn((await get('/?q=nothing-like-this')).body))).toContain(noMatch);
    expect(textOf(drawn((await get('/')).body))).not.toContain(noMatch);
    expect(textOf(drawn((await get('/?q=monsoon')).body))).not.toContain(noMatch);
  });

  it("draws a shared filter link's list, the same for whatever else the link carries", async () => {
    const sculpture = makeCategoryRow({ name: 'Sculpture' });
    await db().insertInto('categories').values(sculpture).execute();
    const today = todayIn('Asia/Kolkata');
    const stone = makeCompetitionRow(sculpture.id, {
      title: 'Stone Whispers',
      start_date: addDays(today, -1),
      end_date: addDays(today, 5),
    });
    await db().insertInto('competitions').values(stone).execute();
    t.app.deps.contentCache.invalidate();

    const filtered = await get(`/?category=${sculpture.id}`);
    expect(textOf(drawn(filtered.body))).toContain('Stone Whispers');
    expect(textOf(drawn(filtered.body))).not.toContain('Monsoon Colours');
    // 'View More Competitions' and a campaign tag change nothing drawn: the same page.
    const tagged = await get(
      `/?utm_source=newsletter&category=${sculpture.id}&scrollToFeatured=true`,
    );
    expect(tagged.body).toBe(filtered.body);
    // A category deleted since the link was shared: the whole list, as the browser shows it.
    const gone = await get('/?category=0194f1e2-0000-7000-8000-000000000000');
    expect(textOf(drawn(gone.body))).toContain('Monsoon Colours');
    expect(textOf(drawn(gone.body))).toContain('Stone Whispers');
    expect(gone.body).toBe((await get('/')).body);
  });

  it.each(['/admin', '/jury', '/entry'])('leaves %s to the browser', async (url) => {
    expect((await get(url)).body).toContain('<div id="root"></div>');
  });

  it('serves a change an admin saves in the very next page', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD, { remoteAddress: freshAddress() });
    const form = (await asAdmin(t, token, 'GET', '/api/admin/site-settings')).json();
    expect(textOf(drawn((await get('/')).body))).not.toContain('Atelier Lumière');
    const saved = await asAdmin(t, token, 'PUT', '/api/admin/site-settings', {
      ...form,
      title: 'Atelier Lumière',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(drawn((await get('/')).body)).toMatch(/<h1[^>]*>Atelier Lumière<\/h1>/);
  });
});

describe(`the Content-Security-Policy of a drawn page on ${TEST_ENGINE}`, () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

  it.each(['/', '/about', `/competition/{id}`])(
    'allows each inline <style> and <script> of %s by its hash, and nothing else inline',
    async (pattern) => {
      const response = await get(pattern.replace('{id}', competitionId));
      const policy = String(response.headers['content-security-policy']);
      const sources = (directive: string) =>
        new RegExp(`${directive} ([^;]*)`).exec(policy)?.[1]?.split(' ') ?? [];
      const styles = [...response.body.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]);
      expect(styles.length).toBeGreaterThan(0);
      for (const css of styles)
        expect(sources('style-src')).toContain(`'sha256-${sha256(css ?? '')}'`);
      // The first data is a JSON block, which a browser never runs; the one inline script is
      // the loader that starts the app after the first paint, allowed by its hash.
      const inline = [
        ...response.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([^<]*)<\/script>/g),
      ];
      const scripts = inline.filter(([, attributes]) => !attributes?.includes('application/json'));
      expect(scripts.map(([, attributes]) => attributes)).toEqual([' type="module"']);
      for (const [, , code] of scripts) {
        expect(sources('script-src')).toContain(`'sha256-${sha256(code ?? '')}'`);
      }
      expect(response.body).not.toMatch(/<script[^>]*\bsrc=/);
      expect(sources('script-src').filter((source) => !source.startsWith("'sha256-"))).toEqual([
        "'self'",
      ]);
    },
  );
});
