/*
 * Seed §2 "Competition detail": what an artist reads before entering, for each state a
 * competition can be in (PRODUCT.md point 6), the placeholder for a broken picture, the page's
 * share preview (point 13), and the unknown competition.
 */
import type { Page } from '@playwright/test';
import {
  type ApiCompetition,
  appStarted,
  competitionCards,
  DEMO,
  expect,
  expectPageHeading,
  failedToLoad,
  fullDate,
  getCompetition,
  SITE_TITLE,
  test,
} from './fixtures.ts';

const { competitions: C } = DEMO;

function entryCard(page: Page) {
  return page.getByRole('complementary', { name: 'Entry' });
}
function registerNow(page: Page) {
  return page.getByRole('link', { name: 'Register Now' });
}
/** 'Closes in 8 days', 'Opens in 6 days' or 'Entries closed on …', under the dates. */
function timeLeft(page: Page) {
  return page.getByTestId('time-left');
}

/** Whole days from now to an instant, as the page words it ('8 days'). */
function daysUntil(instant: string): number {
  return Math.floor((Date.parse(instant) - Date.now()) / 86_400_000);
}

async function expectDates(page: Page, competition: ApiCompetition) {
  await expect(page.getByRole('main').getByRole('term')).toHaveText(['Start Date', 'End Date']);
  await expect(page.getByRole('main').getByRole('definition')).toHaveText([
    fullDate(competition.startDate),
    fullDate(competition.endDate),
  ]);
}

/** The page's text of an attribute value: the entities the server escapes, decoded. */
function decodeHtml(text: string | undefined): string | undefined {
  const entities: Record<string, string> = {
    '&amp;': '&',
    '&lt;': '<',
    '&gt;': '>',
    '&quot;': '"',
    '&#39;': "'",
  };
  return text?.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);
}

async function expectChips(page: Page, competition: ApiCompetition, status: string) {
  const main = page.getByRole('main');
  // The status badge, once.
  await expect(main.getByText(status, { exact: true }).first()).toBeVisible();
  await expect(main.getByText(status, { exact: true })).toHaveCount(1);
  await expect(main.getByText(competition.category.name, { exact: true })).toBeVisible();
  if (competition.subcategory) {
    await expect(main.getByText(competition.subcategory.name, { exact: true })).toBeVisible();
  }
}

test.describe('an open, paid competition', () => {
  test('shows everything an artist needs, and Register Now', async ({ page, request }) => {
    const competition = await getCompetition(request, C.portraits);
    await page.goto(`/competition/${competition.id}`);
    await expectPageHeading(page, C.portraits);
    await expect(page).toHaveTitle(`${C.portraits} | ${SITE_TITLE}`);
    await expect(page.getByRole('img', { name: C.portraits, exact: true })).toBeVisible();
    await expectChips(page, competition, 'Open');
    expect(competition.category.name).toBe('Painting');
    expect(competition.subcategory?.name).toBe('Acrylic & Oil');
    await expect(page.getByText(competition.description, { exact: true })).toBeVisible();
    await expectDates(page, competition);
    const days = daysUntil(competition.closesAt);
    await expect(timeLeft(page)).toHaveText(`Closes in ${days} day${days === 1 ? '' : 's'}`);

    await expect(entryCard(page).getByRole('heading', { name: 'Entry Fee' })).toBeVisible();
    await expect(entryCard(page).getByText('₹499', { exact: true })).toBeVisible();
    const register = entryCard(page).getByRole('link', { name: 'Register Now' });
    await expect(register).toBeVisible();
    await expect(register).toHaveAttribute(
      'href',
      `/register/competition?competition=${competition.id}`,
    );
    await expect(page.getByRole('img', { name: `Prize for ${C.portraits}` })).toBeVisible();

    await register.click();
    await expect(page).toHaveURL(`/register/competition?competition=${competition.id}`);
    await expectPageHeading(page, 'Register');
  });
});

test.describe('an open, free competition', () => {
  test("shows 'Free Entry' and Register Now", async ({ page, request }) => {
    const competition = await getCompetition(request, C.monsoon);
    await page.goto(`/competition/${competition.id}`);
    await expectPageHeading(page, C.monsoon);
    await expectChips(page, competition, 'Open');
    await expect(entryCard(page).getByText('Free Entry', { exact: true })).toBeVisible();
    await expect(registerNow(page)).toHaveAttribute(
      'href',
      `/register/competition?competition=${competition.id}`,
    );
    const days = daysUntil(competition.closesAt);
    await expect(timeLeft(page)).toHaveText(`Closes in ${days} days`);
  });
});

test.describe('an upcoming competition', () => {
  test('says when it opens, and offers no registration yet', async ({ page, request }) => {
    const competition = await getCompetition(request, C.digitalDreams);
    await page.goto(`/competition/${competition.id}`);
    await expectPageHeading(page, C.digitalDreams);
    await expectChips(page, competition, 'Upcoming');
    await expectDates(page, competition);
    const days = daysUntil(competition.opensAt);
    await expect(timeLeft(page)).toHaveText(`Opens in ${days} day${days === 1 ? '' : 's'}`);
    await expect(entryCard(page).getByText('₹299', { exact: true })).toBeVisible();
    await expect(entryCard(page)).toContainText(
      `Registration opens on ${fullDate(competition.startDate)}.`,
    );
    await expect(registerNow(page)).toHaveCount(0);
    await expect(page.getByRole('img', { name: `Prize for ${C.digitalDreams}` })).toBeVisible();
  });

  test('one without a subcategory shows only its category', async ({ page, request }) => {
    const competition = await getCompetition(request, C.heritage);
    expect(competition.subcategory).toBeNull();
    await page.goto(`/competition/${competition.id}`);
    await expectPageHeading(page, C.heritage);
    await expectChips(page, competition, 'Upcoming');
    await expect(entryCard(page).getByText('Free Entry', { exact: true })).toBeVisible();
    await expect(registerNow(page)).toHaveCount(0);
  });
});

test.describe('a closed competition', () => {
  test('says it is closed, and offers no registration', async ({ page, request }) => {
    const competition = await getCompetition(request, C.winter);
    await page.goto(`/competition/${competition.id}`);
    await expectPageHeading(page, C.winter);
    await expectChips(page, competition, 'Closed');
    await expectDates(page, competition);
    await expect(timeLeft(page)).toHaveText(/^Entries closed on \d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(entryCard(page).getByText('₹350', { exact: true })).toBeVisible();
    await expect(entryCard(page)).toContainText('Registration for this competition has closed.');
    await expect(registerNow(page)).toHaveCount(0);
    await expect(page.getByRole('img', { name: `Prize for ${C.winter}` })).toBeVisible();
  });
});

test.describe('share preview', () => {
  test('the served page carries its title, description, image and an image preload', async ({
    page,
    request,
    baseURL,
  }) => {
    const competition = await getCompetition(request, C.portraits);
    const response = await request.get(`/competition/${competition.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const meta = (property: string) =>
      decodeHtml(new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1]);

    expect(meta('og:title')).toBe(`${C.portraits} | ${SITE_TITLE}`);
    expect(meta('og:description')).toBe(competition.description);
    const image = meta('og:image');
    expect(image).toBe(`${baseURL}${competition.image!.url}`);
    // The preview image is really there.
    const picture = await request.get(image!);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toMatch(/^image\//);

    const preload = /<link rel="preload" as="image" href="([^"]*)"[^>]*>/.exec(html);
    expect(decodeHtml(preload?.[1])).toBe(competition.image!.url);

    // And the browser tab says the same.
    await page.goto(`/competition/${competition.id}`);
    await expect(page).toHaveTitle(`${C.portraits} | ${SITE_TITLE}`);
  });
});

test.describe('a picture that fails to load', () => {
  test('is replaced by the placeholder', async ({ page, request, baseURL, expectConsoleError }) => {
    const competition = await getCompetition(request, C.portraits);
    // Every public picture fails; the browser reports each failed load.
    expectConsoleError({
      text: failedToLoad(404),
      url: new RegExp(`^${baseURL!.replace(/\./g, '\\.')}/media/`),
    });
    await page.route('**/media/**', (route) => route.fulfill({ status: 404 }));
    await page.goto(`/competition/${competition.id}`);
    await expectPageHeading(page, C.portraits);

    const main = page.getByRole('img', { name: C.portraits, exact: true });
    await expect(main).toHaveAttribute('src', '/placeholder.svg');
    await expect(main).toBeVisible();
    // The placeholder itself loads.
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(page.getByRole('img', { name: `Prize for ${C.portraits}` })).toHaveAttribute(
      'src',
      '/placeholder.svg',
    );
  });
});

test.describe('inside the app', () => {
  test('a card on home opens the detail without reloading the page', async ({ page, request }) => {
    const competition = await getCompetition(request, C.sketchers);
    await page.goto('/');
    // Marks this document: a full page load would lose it.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same-document'));
    const card = competitionCards(page).getByRole('link', { name: C.sketchers });
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await card.click();
    await expect(page).toHaveURL(`/competition/${competition.id}`);
    await expectPageHeading(page, C.sketchers);
    // The new page starts at its top, as a page load would.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(entryCard(page).getByText('₹199', { exact: true })).toBeVisible();
    await expect(registerNow(page)).toBeVisible();
    await expect(page).toHaveTitle(`${C.sketchers} | ${SITE_TITLE}`);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'same-document',
    );
  });
});

test.describe('an unknown competition', () => {
  async function expectNotFound(page: Page) {
    await expectPageHeading(page, 'Competition not found');
    await expect(
      page.getByText('This competition does not exist or is no longer listed.'),
    ).toBeVisible();
    await expect(page).toHaveTitle(`Competition not found | ${SITE_TITLE}`);
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  }

  test("says 'Competition not found', with a 404, and leads home", async ({
    page,
    baseURL,
    expectConsoleError,
  }) => {
    expectConsoleError({ text: failedToLoad(404), url: `${baseURL}/competition/unknown` });
    const response = await page.goto('/competition/unknown');
    expect(response?.status()).toBe(404);
    await expectNotFound(page);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
    await expectPageHeading(page, SITE_TITLE);
  });

  test('says so too when the app asks the API itself', async ({
    page,
    baseURL,
    expectConsoleError,
  }) => {
    expectConsoleError({ text: failedToLoad(404), url: `${baseURL}/api/competitions/unknown` });
    await page.goto('/');
    await appStarted(page);
    // A stale link inside the app: no page load, the detail page fetches the competition.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/competition/unknown');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expectNotFound(page);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('reads in one column, and Register Now is there', async ({ page, request }) => {
    const competition = await getCompetition(request, C.portraits);
    await page.goto(`/competition/${competition.id}`);
    await expectPageHeading(page, C.portraits);
    // The entry card's own: a bar at the bottom holds another (phone-layout.changes.spec.ts).
    const register = entryCard(page).getByRole('link', { name: 'Register Now' });
    await register.scrollIntoViewIfNeeded();
    await expect(register).toBeVisible();
    await expect(register).toBeInViewport({ ratio: 1 });
    const box = await register.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // The entry card comes after the description, not beside it.
    const description = await page.getByText(competition.description).boundingBox();
    expect(box!.y).toBeGreaterThan(description!.y + description!.height);
    await register.click();
    await expect(page).toHaveURL(`/register/competition?competition=${competition.id}`);
  });
});
