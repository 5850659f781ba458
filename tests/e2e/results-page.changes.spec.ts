/*
 * Published results, as a visitor meets them: the admin gives two awards and
 * publishes through the API; a visitor finds them among the home page's latest results, opens
 * the competition's page, follows 'Results', sees the awards with the work of the artist who
 * withheld their name shown without it (axe clean, light and dark, on a phone too), and checks
 * the winner's certificate by the code from their e-mail.
 */
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, expectPageHeading, test } from './fixtures.ts';
import * as jury from './jury-fixtures.ts';
import { registerThroughApi } from './registration-fixtures.ts';

const NAME_WITHHELD = "Name withheld at the artist's request";

async function json<T>(response: APIResponse, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** The certificate code in the results e-mail to `email`, read through the outbox's API. */
async function certificateCodeFor(api: APIRequestContext, email: string): Promise<string> {
  type Listing = { total: number; pageSize: number; messages: { id: string; to: string }[] };
  for (let page = 1; ; page++) {
    const list = await json<Listing>(await api.get(`/api/admin/outbox?page=${page}`), 200);
    const found = list.messages.find((m) => m.to === email);
    if (found) {
      const { text } = await json<{ text: string }>(
        await api.get(`/api/admin/outbox/${found.id}`),
        200,
      );
      const code = /\/certificates\/([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})\b/.exec(text)?.[1];
      if (!code) throw new Error(`No certificate link in:\n${text}`);
      return code;
    }
    if (page * list.pageSize >= list.total) throw new Error(`No e-mail to ${email}`);
  }
}

/** Waits until every picture on the page has loaded, so axe sees the page at rest. */
async function picturesLoaded(page: Page) {
  await expect
    .poll(() =>
      page
        .locator('main img')
        .evaluateAll((imgs) =>
          imgs.every(
            (img) =>
              (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        ),
    )
    .toBe(true);
}

test('a visitor follows Results to the awards, a withheld name unsaid, and checks a certificate', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = jury.newTag();
  const title = `Results journey ${tag}`;
  const admin = await jury.adminApi(baseURL!);
  const competitionId = await jury.createCompetition(admin, request, title);
  const named = { fullName: `Asha Named ${tag}`, email: `asha-${tag}@example.com` };
  const withheld = {
    fullName: `Bina Withheld ${tag}`,
    email: `bina-${tag}@example.com`,
    publicationConsent: 'anonymous' as const,
  };
  const entries = [
    await registerThroughApi(request, title, named),
    await registerThroughApi(request, title, withheld),
  ];
  for (const { id } of entries) {
    const data = { status: 'approved' };
    await json(await admin.put(`/api/admin/submissions/${id}/status`, { data }), 200);
  }
  const awards = [
    { submissionId: entries[0]!.id, title: 'First', prize: 'A solo show' },
    { submissionId: entries[1]!.id, title: 'Honourable mention', prize: '' },
  ];
  const competitionApi = `/api/admin/competitions/${competitionId}`;
  await json(await admin.put(`${competitionApi}/awards`, { data: { awards } }), 200);
  // Results are published only once entries are closed (decision 021).
  await json(await admin.post(`${competitionApi}/close-entries`), 200);
  await json(await admin.post(`${competitionApi}/results/publish`), 200);

  // The home page lists the newest results (at most three: these were published just now).
  await page.goto('/');
  const latest = page.getByRole('region', { name: 'Latest results' });
  await expect(latest.getByRole('link', { name: `Results: ${title}` })).toHaveAttribute(
    'href',
    `/competition/${competitionId}/results`,
  );

  // The competition's page links to its results.
  await page.goto(`/competition/${competitionId}`);
  await expectPageHeading(page, title);
  await page.locator('#main').getByRole('link', { name: 'Results', exact: true }).click();
  await expect(page).toHaveURL(`/competition/${competitionId}/results`);
  await expectPageHeading(page, `Results: ${title}`);
  const cards = page.getByRole('list', { name: 'Awards' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('First');
  await expect(cards.nth(0)).toContainText('Prize: A solo show');
  // Each artist line exactly (the fixture's artwork titles quote the artist's name).
  await expect(cards.nth(0).getByText(named.fullName, { exact: true })).toBeVisible();
  await expect(cards.nth(1)).toContainText('Honourable mention');
  await expect(cards.nth(1).getByText(NAME_WITHHELD, { exact: true })).toBeVisible();
  // (The fixture's artwork titles quote the artist's name: only a line of the name itself counts.)
  await expect(page.getByText(withheld.fullName, { exact: true })).toHaveCount(0);
  await expect(page.getByText(named.fullName, { exact: true })).toBeVisible();
  await expect(
    cards
      .nth(0)
      .getByRole('img', { name: `Artwork Title of ${named.fullName}, First`, exact: true }),
  ).toBeVisible();
  await picturesLoaded(page);
  await expectNoAxeViolations(page, 'the results page');

  // On a phone the cards stack, one to a row, and still pass.
  await page.setViewportSize({ width: 390, height: 844 });
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
  await expectNoAxeViolations(page, 'the results page on a phone');

  // The winner's certificate, by the code in their results e-mail.
  const code = await certificateCodeFor(admin, named.email);
  await admin.dispose();
  await page.goto(`/certificates/${code}`);
  await expectPageHeading(page, 'This certificate is genuine');
  const value = (term: string) =>
    page.getByRole('main').getByRole('term').filter({ hasText: term }).locator('+ dd');
  await expect(value('Artist')).toHaveText(named.fullName);
  await expect(value('Competition')).toHaveText(title);
  await expect(value('Award')).toHaveText('First');
  await expect(value('Code')).toHaveText(code);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const download = page.getByRole('link', { name: 'Download the certificate (PDF)' });
  const pdf = await request.get((await download.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expectNoAxeViolations(page, 'the certificate page');
});
