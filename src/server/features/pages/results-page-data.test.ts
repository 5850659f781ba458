import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import { approvedEntry, artistNumbered } from '../../../../tests/setup/jury.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { RESULTS_NOT_PUBLISHED } from '../../../shared/messages.ts';
import type { PublicResults } from '../../../shared/schemas/publication.ts';

/*
 * The results and certificate pages as the server sends them: a results page carries its results
 * and the tags a shared link previews (its first winner's picture), or says they are not published;
 * the competition's page and the home page know that they are; a certificate's page is not indexed.
 */

const SITE = 'White Stroke International Art Space';
const TITLE = 'Rain & "Shine" <b>';

const t = useTestApp({ clientBuild: true, config: { adminPassword: ADMIN_PASSWORD } });
let admin: string;

beforeAll(async () => {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});

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

function initialApi(html: string): Record<string, unknown> {
  const open = '<script type="application/json" id="initial-data">';
  const from = html.indexOf(open) + open.length;
  return JSON.parse(html.slice(from, html.indexOf('</script>', from))).api;
}

async function page(url: string, status: number): Promise<string> {
  const response = await t.app.inject(url);
  expect(response.statusCode, url).toBe(status);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  return response.body;
}

/** A competition whose two approved entries have awards: one named, one with the name withheld. */
async function awardedCompetition() {
  const competitionId = (await addCompetition(t, { title: TITLE })).competition.id;
  const named = await approvedEntry(t, admin, competitionId, artistNumbered(1), 'Rain on Tin');
  const anonymous = { ...artistNumbered(2), publicationConsent: 'anonymous' };
  const withheld = await approvedEntry(t, admin, competitionId, anonymous, 'Puddles');
  const awards = [
    { submissionId: named, title: 'First', prize: 'A solo show' },
    { submissionId: withheld, title: 'Second', prize: '' },
  ];
  const given = await asAdmin(t, admin, 'PUT', `/api/admin/competitions/${competitionId}/awards`, {
    awards,
  });
  expect(given.statusCode, given.body).toBe(200);
  return competitionId;
}

async function publication(competitionId: string, action: 'publish' | 'unpublish') {
  if (action === 'publish') {
    // Results are published only once entries are closed (decision 021); closed already is fine.
    const base = `/api/admin/competitions/${competitionId}`;
    const closed = await asAdmin(t, admin, 'POST', `${base}/close-entries`);
    expect([200, 409], closed.body).toContain(closed.statusCode);
  }
  const url = `/api/admin/competitions/${competitionId}/results/${action}`;
  const response = await asAdmin(t, admin, 'POST', url);
  expect(response.statusCode, response.body).toBe(200);
}

describe(`a results page on ${TEST_ENGINE}`, () => {
  it('before Publish is a 404 saying so, and the competition has no results to link to', async () => {
    const id = await awardedCompetition();
    const html = await page(`/competition/${id}/results`, 404);
    expect(html).toContain(`<title>${RESULTS_NOT_PUBLISHED} | ${SITE}</title>`);
    expect(meta(html, 'property', 'og:image')).toBeUndefined();
    const api = `/api/competitions/${id}/results`;
    expect(initialApi(html)).toEqual({ [api]: (await t.app.inject(api)).json() });
    expect(initialApi(html)[api]).toEqual({
      error: { code: 'RESULTS_NOT_PUBLISHED', message: RESULTS_NOT_PUBLISHED },
    });
    const competition = initialApi(await page(`/competition/${id}`, 200));
    expect(competition[`/api/competitions/${id}`]).toMatchObject({ resultsPublished: false });
  });

  it('once published carries the results and previews the first winner’s picture', async () => {
    const id = await awardedCompetition();
    await publication(id, 'publish');
    const html = await page(`/competition/${id}/results`, 200);
    const api = `/api/competitions/${id}/results`;
    const results = (await t.app.inject(api)).json<PublicResults>();
    expect(initialApi(html)).toEqual({ [api]: results });
    expect(results.awards.map((a) => [a.award, a.artworkTitle, a.artist])).toEqual([
      ['First', 'Rain on Tin', 'Zenobia Quillfeather 1'],
      ['Second', 'Puddles', null],
    ]);

    expect(meta(html, 'property', 'og:title')).toBe(`Results: ${TITLE} | ${SITE}`);
    expect(html).not.toContain('<b>');
    expect(meta(html, 'property', 'og:url')).toBe(
      `${t.config.publicUrl}/competition/${id}/results`,
    );
    const image = meta(html, 'property', 'og:image');
    expect(image).toBe(`${t.config.publicUrl}${results.awards[0]?.imageUrl}`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    const picture = await t.app.inject(new URL(image ?? '').pathname);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\//);
    const description = meta(html, 'property', 'og:description') ?? '';
    expect(description.startsWith(`The results of ${TITLE}, published `)).toBe(true);
    expect(description).toContain('First: Rain on Tin; Second: Puddles');
    // The withheld name is nowhere in the page.
    expect(html).not.toContain('Zenobia Quillfeather 2');

    const competition = initialApi(await page(`/competition/${id}`, 200));
    expect(competition[`/api/competitions/${id}`]).toMatchObject({ resultsPublished: true });
    const home = initialApi(await page('/', 200));
    expect(home['/api/results/latest']).toEqual((await t.app.inject('/api/results/latest')).json());
    expect(home['/api/results/latest']).toContainEqual(
      expect.objectContaining({ competitionId: id, title: TITLE }),
    );
  });

  it('after Unpublish is a 404 again, and the competition no longer links to it', async () => {
    const id = await awardedCompetition();
    await publication(id, 'publish');
    await page(`/competition/${id}/results`, 200);
    await publication(id, 'unpublish');
    const html = await page(`/competition/${id}/results`, 404);
    expect(meta(html, 'property', 'og:image')).toBeUndefined();
    const competition = initialApi(await page(`/competition/${id}`, 200));
    expect(competition[`/api/competitions/${id}`]).toMatchObject({ resultsPublished: false });
  });

  it('of an unknown competition is the same 404', async () => {
    for (const id of ['no-such-competition', 'a%2Fb']) {
      const html = await page(`/competition/${id}/results`, 404);
      expect(html).toContain(`<title>${RESULTS_NOT_PUBLISHED} | ${SITE}</title>`);
    }
  });
});

describe(`a certificate's page on ${TEST_ENGINE}`, () => {
  it('is asked not to be indexed and carries nothing about the certificate', async () => {
    const html = await page('/certificates/K7QX-3MPA-9TZD', 200);
    expect(meta(html, 'name', 'robots')).toBe('noindex');
    expect(html).toContain(`<title>Certificate | ${SITE}</title>`);
    expect(initialApi(html)).toEqual({});
  });
});
