import {
  appStarted,
  DEMO,
  expect,
  expectPageHeading,
  failedToLoad,
  mainNav,
  mobileNav,
  NAV_LINKS,
  SITE_TITLE,
  test,
} from './fixtures.ts';
import { SIGNED_OUT_CHECK } from './admin-fixtures.ts';

test.describe('public routes', () => {
  const routes = [
    { path: '/', heading: SITE_TITLE },
    { path: '/registration-success', heading: 'Registration Successful!' },
    { path: '/results', heading: 'Results' },
    { path: '/about', heading: 'About Us' },
    { path: '/contact', heading: 'Contact Us' },
    { path: '/privacy', heading: 'Privacy Policy' },
    { path: '/terms', heading: 'Terms and Conditions' },
    { path: '/razorpay-policy', heading: 'Razorpay Policy' },
    { path: '/admin', heading: 'Admin Login' },
  ];

  for (const { path, heading } of routes) {
    test(`${path} shows its page`, async ({ page, expectConsoleError }) => {
      if (path.startsWith('/admin')) expectConsoleError(SIGNED_OUT_CHECK);
      await page.goto(path);
      await expectPageHeading(page, heading);
      // The route is served as it is: no redirect.
      await expect(page).toHaveURL(path);
      await expect(page).toHaveTitle(new RegExp(SITE_TITLE));
    });
  }

  test('/competition/any-competition-id is not found, with a way home', async ({
    page,
    baseURL,
    expectConsoleError,
  }) => {
    // The server answers an unknown competition with a real 404, which the browser reports.
    expectConsoleError({
      text: failedToLoad(404),
      url: `${baseURL}/competition/any-competition-id`,
    });
    const response = await page.goto('/competition/any-competition-id');
    expect(response?.status()).toBe(404);
    await expectPageHeading(page, 'Competition not found');
    await expect(page).toHaveURL('/competition/any-competition-id');
    await expect(page).toHaveTitle(`Competition not found | ${SITE_TITLE}`);

    await page.getByRole('link', { name: 'Return to Home', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expectPageHeading(page, SITE_TITLE);
  });
});

test.describe('redirects', () => {
  const redirects = [
    { from: '/register', to: '/', heading: SITE_TITLE },
    { from: '/register/competition', to: '/', heading: SITE_TITLE },
    // A competition that does not exist has no form (seed §2).
    { from: '/register/competition?competition=abc', to: '/', heading: SITE_TITLE },
    { from: '/no/such/page', to: '/', heading: SITE_TITLE },
    { from: '/admin/anything', to: '/admin', heading: 'Admin Login' },
  ];

  for (const { from, to, heading } of redirects) {
    test(`${from} redirects to ${to}`, async ({ page, expectConsoleError }) => {
      if (from.startsWith('/admin')) expectConsoleError(SIGNED_OUT_CHECK);
      await page.goto(from);
      await expect(page).toHaveURL(to);
      await expectPageHeading(page, heading);
    });
  }
});

test.describe('header', () => {
  test("the main navigation has the seed's six links with Competitions and Results, in order", async ({
    page,
  }) => {
    await page.goto('/');
    const links = mainNav(page).getByRole('link');
    await expect(links).toHaveText(NAV_LINKS.map((link) => link.name));
    for (const { name, path } of NAV_LINKS) {
      const link = mainNav(page).getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', path);
    }
    // Only Home is the page open: Competitions is a part of it.
    await expect(mainNav(page).locator('[aria-current="page"]')).toHaveText(['Home']);
  });

  test("'Competitions' brings home's list of competitions into view", async ({ page }) => {
    await page.goto('/about');
    await appStarted(page);
    await mainNav(page).getByRole('link', { name: 'Competitions', exact: true }).click();
    await expect(page).toHaveURL('/?scrollToFeatured=true#featured');
    await expect(
      page.getByRole('heading', { name: 'Featured Competitions', level: 2 }),
    ).toBeInViewport();
  });

  test("'Results' lists every published result, newest first, each linked", async ({ page }) => {
    await page.goto('/about');
    await mainNav(page).getByRole('link', { name: 'Results', exact: true }).click();
    await expect(page).toHaveURL('/results');
    await expectPageHeading(page, 'Results');
    await expect(page).toHaveTitle(`Results | ${SITE_TITLE}`);
    const results = page.getByRole('main').getByRole('link', { name: /^Results: / });
    await expect(results.first()).toHaveText(`Results: ${DEMO.competitions.cityLights}`);
    await results.first().click();
    await expectPageHeading(page, `Results: ${DEMO.competitions.cityLights}`);
  });

  // The other five links are followed in static-pages.spec.ts, which checks what they show.
  test("the 'Home' link goes to /", async ({ page }) => {
    await page.goto('/about');
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expectPageHeading(page, SITE_TITLE);
  });

  test("the 'Contact Us' button goes to /contact", async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('banner').getByRole('link', { name: 'Contact Us', exact: true }).click();
    await expect(page).toHaveURL('/contact');
    await expectPageHeading(page, 'Contact Us');
  });

  test.describe('transparency', () => {
    // Home plus footer is short; a low window leaves room to scroll past the 50 px threshold.
    test.use({ viewport: { width: 1280, height: 500 } });

    test('is transparent on home until scrolled past 50 px', async ({ page }) => {
      await page.goto('/');
      const header = page.getByRole('banner');
      await expect(header).toHaveAttribute('data-transparent', 'true');

      await page.evaluate(() => window.scrollTo(0, 120));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(120);
      await expect(header).toHaveAttribute('data-transparent', 'false');

      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(header).toHaveAttribute('data-transparent', 'true');
    });

    test('is not transparent on other pages', async ({ page }) => {
      await page.goto('/about');
      await expectPageHeading(page, 'About Us');
      await expect(page.getByRole('banner')).toHaveAttribute('data-transparent', 'false');
    });
  });

  test.describe('mobile menu', () => {
    test.use({ viewport: { width: 390, height: 800 } });

    // The menu opens by script: a tap before the app has started is not seen (a journey that
    // taps at once would race the page's start).
    test('opens with the eight links and one way to contact us, and following one closes it', async ({
      page,
    }) => {
      await page.goto('/');
      await appStarted(page);
      await expect(mainNav(page)).toBeHidden();
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(mobileNav(page)).toBeHidden();

      await toggle.click();
      const menuButton = page.getByRole('button', { name: 'Close menu' });
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await expect(mobileNav(page)).toBeVisible();
      // Its Contact link is the phone's one way there: no 'Contact Us' button beside it.
      await expect(mobileNav(page).getByRole('link')).toHaveText(
        NAV_LINKS.map((link) => link.name),
      );
      // Home's hero button is the one 'Contact Us' a phone shows.
      await expect(
        page.getByRole('link', { name: 'Contact Us', exact: true }).filter({ visible: true }),
      ).toHaveCount(1);

      await mobileNav(page).getByRole('link', { name: 'About Us', exact: true }).click();
      await expect(page).toHaveURL('/about');
      await expectPageHeading(page, 'About Us');
      await expect(mobileNav(page)).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });

    test('Escape closes an open menu', async ({ page }) => {
      await page.goto('/about');
      await appStarted(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(mobileNav(page)).toBeVisible();

      await page.keyboard.press('Escape');
      await expect(mobileNav(page)).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      await expect(page).toHaveURL('/about');
    });
  });
});

test.describe('API', () => {
  test('/api/health answers ok', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  test('/api/settings returns the site title', async ({ request }) => {
    const response = await request.get('/api/settings');
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ title: SITE_TITLE });
  });

  test('an unknown /api path is a JSON 404', async ({ request }) => {
    const response = await request.get('/api/nope');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: expect.any(String) },
    });
  });
});

test.describe('site look from settings', () => {
  test('applies the seeded colour and font, all loaded from this site', async ({
    page,
    baseURL,
  }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(baseURL ?? '') && !url.startsWith('data:')) foreign.push(url);
    });
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    const look = await page.evaluate(() => ({
      primary: getComputedStyle(document.documentElement).getPropertyValue('--color-primary'),
      font: getComputedStyle(document.body).fontFamily,
      interLoaded: document.fonts.check('16px "Inter Variable"'),
      dark: document.documentElement.classList.contains('dark'),
    }));
    expect(look.primary.trim().toLowerCase()).toBe('#7c3aed');
    expect(look.font).toContain('Inter Variable');
    expect(look.interLoaded).toBe(true);
    expect(look.dark).toBe(false);
    expect(foreign, 'requests to other origins').toEqual([]);
  });
});
