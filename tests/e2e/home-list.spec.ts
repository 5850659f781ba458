/*
 * Seed §2 "Home": the featured competitions list, its search and filters (kept in the URL, so a
 * filtered view can be shared), its empty and error states, and the ways into and out of it.
 */
import {
  appStarted,
  cardTitles,
  competitionCards,
  DEMO,
  DEMO_LISTING,
  expect,
  expectPageHeading,
  failedToLoad,
  featuredSection,
  getCategories,
  getCompetition,
  mainNav,
  SITE_TITLE,
  test,
} from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';

const { competitions: C, categories } = DEMO;

function searchBox(page: Page) {
  return featuredSection(page).getByRole('searchbox', { name: 'Search competitions' });
}
function categorySelect(page: Page) {
  return featuredSection(page).getByRole('combobox', { name: 'Category', exact: true });
}
function subcategorySelect(page: Page) {
  return featuredSection(page).getByRole('combobox', { name: 'Subcategory', exact: true });
}

/** The search parameters of the page's address, as a plain object. */
function query(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

test.describe('featured competitions list', () => {
  test('lists Open (closing soonest first), then Upcoming, then Closed, each with its status', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(
      featuredSection(page).getByRole('heading', { name: 'Featured Competitions' }),
    ).toBeVisible();
    await expect(cardTitles(page)).toHaveText(DEMO_LISTING.map((c) => c.title));
    const cards = competitionCards(page);
    for (const [i, { status }] of DEMO_LISTING.entries()) {
      await expect(cards.nth(i).getByText(status, { exact: true })).toBeVisible();
    }
    // Exactly one status each: an Open card does not also say Upcoming or Closed.
    await expect(featuredSection(page).getByText('Open', { exact: true })).toHaveCount(4);
    await expect(featuredSection(page).getByText('Upcoming', { exact: true })).toHaveCount(2);
    // Four closed: the demo's competition closed yesterday at 6 pm is one (decision 021).
    await expect(featuredSection(page).getByText('Closed', { exact: true })).toHaveCount(4);
  });

  test('searches titles and descriptions case-insensitively; the search is in the URL and survives a reload', async ({
    page,
  }) => {
    await page.goto('/');
    // Typed before the app runs, a search would be the server's page's alone (no filtering).
    await appStarted(page);
    await searchBox(page).fill('monsoon');
    await expect(cardTitles(page)).toHaveText([C.monsoon, C.sketchbook]);
    await expect.poll(() => query(page)).toEqual({ q: 'monsoon' });

    await page.reload();
    await expect(searchBox(page)).toHaveValue('monsoon');
    await expect(cardTitles(page)).toHaveText([C.monsoon, C.sketchbook]);
    await appStarted(page);

    await searchBox(page).fill('PORTRAITS');
    await expect(cardTitles(page)).toHaveText([C.portraits]);
    await expect.poll(() => query(page)).toEqual({ q: 'PORTRAITS' });

    // A word only in a description ('tablet' is in Digital Dreams' text).
    await searchBox(page).fill('Tablet');
    await expect(cardTitles(page)).toHaveText([C.digitalDreams]);

    // Clearing the search shows everything again and leaves a clean URL.
    await searchBox(page).fill('');
    await expect(cardTitles(page)).toHaveText(DEMO_LISTING.map((c) => c.title));
    await expect.poll(() => query(page)).toEqual({});
  });

  test('filters by category and subcategory; a new category clears the subcategory', async ({
    page,
    request,
  }) => {
    const [painting, drawing] = await categoryIds(request);
    await page.goto('/');
    await appStarted(page);
    await expect(categorySelect(page)).toHaveValue('');
    await expect(categorySelect(page).getByRole('option', { selected: true })).toHaveText(
      'All categories',
    );
    // No category chosen: no subcategory to choose.
    await expect(subcategorySelect(page)).toHaveCount(0);

    await categorySelect(page).selectOption({ label: categories.painting.name });
    await expect(cardTitles(page)).toHaveText([C.portraits, C.monsoon, C.winter]);
    await expect.poll(() => query(page)).toEqual({ category: painting.id });
    await expect(subcategorySelect(page)).toBeVisible();
    await expect(subcategorySelect(page).getByRole('option')).toHaveText([
      'All subcategories',
      ...categories.painting.subcategories,
    ]);
    await expect(subcategorySelect(page)).toHaveValue('');

    await subcategorySelect(page).selectOption({ label: 'Watercolour' });
    await expect(cardTitles(page)).toHaveText([C.monsoon]);
    await expect
      .poll(() => query(page))
      .toEqual({ category: painting.id, subcategory: painting.sub('Watercolour') });

    await categorySelect(page).selectOption({ label: categories.drawing.name });
    await expect.poll(() => query(page)).toEqual({ category: drawing.id });
    await expect(subcategorySelect(page)).toHaveValue('');
    await expect(subcategorySelect(page).getByRole('option')).toHaveText([
      'All subcategories',
      ...categories.drawing.subcategories,
    ]);
    await expect(cardTitles(page)).toHaveText([
      C.sketchers,
      C.rooftops,
      C.digitalDreams,
      C.heritage,
      C.streetCorners,
      C.sketchbook,
      C.cityLights,
    ]);

    await categorySelect(page).selectOption({ label: 'All categories' });
    await expect.poll(() => query(page)).toEqual({});
    await expect(subcategorySelect(page)).toHaveCount(0);
    await expect(cardTitles(page)).toHaveText(DEMO_LISTING.map((c) => c.title));
  });

  test('shows no subcategory filter for a category without subcategories', async ({ page }) => {
    // The demo's two categories both have subcategories: add one without, on the way in.
    await page.route('**/api/categories', async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as unknown[];
      await route.fulfill({
        response,
        json: [...list, { id: 'sculpture', name: 'Sculpture', subcategories: [] }],
      });
    });
    await page.goto('/about');
    // Followed by the app, so home asks for the categories (a link followed before the app
    // runs loads the page the server drew, with the categories in it).
    await appStarted(page);
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
    await categorySelect(page).selectOption({ label: categories.painting.name });
    await expect(subcategorySelect(page)).toBeVisible();

    await categorySelect(page).selectOption({ label: 'Sculpture' });
    await expect(subcategorySelect(page)).toHaveCount(0);
    await expect(
      featuredSection(page).getByText('No competitions found matching your criteria.'),
    ).toBeVisible();
  });

  test('a shared link with category and subcategory opens the filtered view', async ({
    page,
    request,
  }) => {
    const [, drawing] = await categoryIds(request);
    const sub = drawing.sub('Pencil & Charcoal');
    await page.goto(`/?category=${drawing.id}&subcategory=${sub}`);
    await expect(categorySelect(page)).toHaveValue(drawing.id);
    await expect(subcategorySelect(page)).toHaveValue(sub);
    await expect(subcategorySelect(page).getByRole('option', { selected: true })).toHaveText(
      'Pencil & Charcoal',
    );
    await expect(cardTitles(page)).toHaveText([
      C.sketchers,
      C.rooftops,
      C.sketchbook,
      C.cityLights,
    ]);
  });

  test('a shared link naming a category deleted since then shows every competition', async ({
    page,
  }) => {
    await page.goto('/?category=no-longer-there&subcategory=gone-too');
    await expect(categorySelect(page)).toHaveValue('');
    await expect(subcategorySelect(page)).toHaveCount(0);
    await expect(competitionCards(page)).toHaveCount(DEMO_LISTING.length);
  });

  test('says so when nothing matches', async ({ page }) => {
    await page.goto('/?q=sculpture%20in%20marble');
    await expect(searchBox(page)).toHaveValue('sculpture in marble');
    await expect(
      featuredSection(page).getByText('No competitions found matching your criteria.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(competitionCards(page)).toHaveCount(0);
  });

  test("shows the load error, and 'Try again' recovers", async ({
    page,
    baseURL,
    expectConsoleError,
  }) => {
    expectConsoleError({ text: failedToLoad(500), url: `${baseURL}/api/competitions` });
    await page.route('**/api/competitions', (route) =>
      route.fulfill({
        status: 500,
        json: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } },
      }),
    );
    // The first page load carries its data: only a visit inside the app asks the API.
    await page.goto('/about');
    await appStarted(page);
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL('/');
    const alert = featuredSection(page).getByRole('alert');
    await expect(alert).toContainText('Error loading competitions. Please try again later.');
    await expect(competitionCards(page)).toHaveCount(0);

    await page.unroute('**/api/competitions');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(cardTitles(page)).toHaveText(DEMO_LISTING.map((c) => c.title));
    await expect(alert).toHaveCount(0);
  });

  test('a click anywhere on a card, its picture too, opens the competition', async ({
    page,
    request,
  }) => {
    const sketchers = await getCompetition(request, C.sketchers);
    await page.goto('/');
    const card = competitionCards(page).filter({ hasText: C.sketchers });
    // Near the card's top left corner: on its picture, away from the title.
    await card.click({ position: { x: 24, y: 24 } });
    await expect(page).toHaveURL(`/competition/${sketchers.id}`);
    await expectPageHeading(page, C.sketchers);
  });
});

test.describe('scrolling to the list', () => {
  test('?scrollToFeatured=true brings the list into view', async ({ page }) => {
    await page.goto('/?scrollToFeatured=true');
    // The app scrolls once it runs: at load 15 that came after the 10 s an expectation waits.
    await expect(page.locator('html')).toHaveAttribute('data-app', 'started', { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Featured Competitions' })).toBeInViewport();
  });

  test('without it the page opens at the top', async ({ page }) => {
    await page.goto('/');
    await expectPageHeading(page, SITE_TITLE);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Featured Competitions' })).not.toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("'View More Competitions' after registering lands on the list", async ({ page }) => {
    await page.goto('/registration-success');
    await page.getByRole('link', { name: 'View More Competitions' }).click();
    await expect(page).toHaveURL('/?scrollToFeatured=true');
    await expect(page.getByRole('heading', { name: 'Featured Competitions' })).toBeInViewport();
    await expect(cardTitles(page)).toHaveText(DEMO_LISTING.map((c) => c.title));
    await expect(cardTitles(page).first()).toBeInViewport();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('cards stack in one column, and search and filters work', async ({ page }) => {
    await page.goto('/');
    await appStarted(page);
    const cards = competitionCards(page);
    await expect(cards).toHaveCount(DEMO_LISTING.length);
    let previous: { x: number; y: number; width: number; height: number } | null = null;
    for (const [i, card] of (await cards.all()).entries()) {
      const box = await card.boundingBox();
      if (!box) throw new Error(`card ${i} is not laid out`);
      // The width of the screen less its margins, each card under the one before.
      expect(box.width, `card ${i} fills the column`).toBeGreaterThan(390 - 2 * 24);
      if (previous) {
        expect(box.x, `card ${i} is in the same column`).toBeCloseTo(previous.x, 0);
        expect(box.y, `card ${i} is below the one before`).toBeGreaterThanOrEqual(
          previous.y + previous.height,
        );
      }
      previous = box;
    }
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await searchBox(page).fill('sketch');
    await expect(cardTitles(page)).toHaveText([C.sketchers, C.sketchbook]);
    await searchBox(page).fill('');
    await categorySelect(page).selectOption({ label: categories.painting.name });
    await expect(subcategorySelect(page)).toBeVisible();
    await subcategorySelect(page).selectOption({ label: 'Acrylic & Oil' });
    await expect(cardTitles(page)).toHaveText([C.portraits]);
    for (const field of [searchBox(page), categorySelect(page), subcategorySelect(page)]) {
      const box = await field.boundingBox();
      // Large enough to hit with a finger (WCAG 2.5.8 asks 24 px; the site gives 44).
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
  });
});

/** Painting's and Drawing's ids, and a way to their subcategories' ids by name. */
async function categoryIds(request: APIRequestContext) {
  const list = await getCategories(request);
  const find = (name: string) => {
    const category = list.find((c) => c.name === name);
    if (!category) throw new Error(`No category '${name}' in /api/categories`);
    return {
      id: category.id,
      sub: (subName: string) => {
        const sub = category.subcategories.find((s) => s.name === subName);
        if (!sub) throw new Error(`No subcategory '${subName}' in '${name}'`);
        return sub.id;
      },
    };
  };
  return [find(categories.painting.name), find(categories.drawing.name)] as const;
}
