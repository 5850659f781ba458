import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

const SITE_TITLE = 'White Stroke International Art Space';

/** The header's links (seed §2 "Header"), in order, with where each leads. */
const NAV_LINKS = [
  { name: 'Home', path: '/' },
  { name: 'About Us', path: '/about' },
  { name: 'Contact', path: '/contact' },
  { name: 'Privacy Policy', path: '/privacy' },
  { name: 'Terms', path: '/terms' },
  { name: 'Razorpay Policy', path: '/razorpay-policy' },
] as const;

/**
 * Every test fails if the page logged a console error or threw an uncaught exception, whichever
 * page it loaded: a broken load is a bug even when the page still looks right. Nothing is ignored.
 */
const test = base.extend<{ failOnConsoleErrors: void }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') {
          const { url, lineNumber } = message.location();
          errors.push(`console.error at ${page.url()}: ${message.text()} (${url}:${lineNumber})`);
        }
      });
      page.on('pageerror', (error) => {
        errors.push(`uncaught exception at ${page.url()}: ${error.message}`);
      });
      await use();
      expect(errors, `The page logged errors:\n${errors.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main', exact: true });
}

function mobileNav(page: Page) {
  return page.getByRole('navigation', { name: 'Mobile', exact: true });
}

async function expectPageHeading(page: Page, heading: string) {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText(heading);
  await expect(h1).toBeVisible();
}

test.describe('public routes', () => {
  const routes = [
    { path: '/', heading: SITE_TITLE },
    { path: '/registration-success', heading: 'Registration Successful!' },
    { path: '/competition/any-competition-id', heading: 'Competition' },
    { path: '/about', heading: 'About Us' },
    { path: '/contact', heading: 'Contact Us' },
    { path: '/privacy', heading: 'Privacy Policy' },
    { path: '/terms', heading: 'Terms and Conditions' },
    { path: '/razorpay-policy', heading: 'Razorpay Policy' },
    { path: '/admin', heading: 'Admin Login' },
    { path: '/register/competition?competition=abc', heading: 'Register' },
  ];

  for (const { path, heading } of routes) {
    test(`${path} shows its page`, async ({ page }) => {
      await page.goto(path);
      await expectPageHeading(page, heading);
      // The route is served as it is: no redirect.
      await expect(page).toHaveURL(path);
      await expect(page).toHaveTitle(new RegExp(SITE_TITLE));
    });
  }
});

test.describe('redirects', () => {
  const redirects = [
    { from: '/register', to: '/', heading: SITE_TITLE },
    { from: '/register/competition', to: '/', heading: SITE_TITLE },
    { from: '/no/such/page', to: '/', heading: SITE_TITLE },
    { from: '/admin/anything', to: '/admin', heading: 'Admin Login' },
  ];

  for (const { from, to, heading } of redirects) {
    test(`${from} redirects to ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(to);
      await expectPageHeading(page, heading);
    });
  }
});

test.describe('header', () => {
  test('the main navigation has the six links of the seed, in order', async ({ page }) => {
    await page.goto('/');
    const links = mainNav(page).getByRole('link');
    await expect(links).toHaveText(NAV_LINKS.map((link) => link.name));
    for (const { name } of NAV_LINKS) {
      await expect(mainNav(page).getByRole('link', { name, exact: true })).toBeVisible();
    }
  });

  for (const { name, path } of NAV_LINKS) {
    test(`the '${name}' link goes to ${path}`, async ({ page }) => {
      // Start from a page other than the target, so the click has to navigate.
      await page.goto(path === '/about' ? '/terms' : '/about');
      await mainNav(page).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

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

    test('opens with the six links, and following one closes it', async ({ page }) => {
      await page.goto('/');
      await expect(mainNav(page)).toBeHidden();
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(mobileNav(page)).toBeHidden();

      await toggle.click();
      const menuButton = page.getByRole('button', { name: 'Close menu' });
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await expect(mobileNav(page)).toBeVisible();
      await expect(mobileNav(page).getByRole('link')).toHaveText(
        // The six links, then the 'Contact Us' button.
        [...NAV_LINKS.map((link) => link.name), 'Contact Us'],
      );

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

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  const pages = [
    { path: '/', heading: SITE_TITLE },
    { path: '/about', heading: 'About Us' },
  ];

  for (const { path, heading } of pages) {
    for (const mode of ['light', 'dark'] as const) {
      test(`${path} in ${mode} mode has no violations`, async ({ page }) => {
        await page.goto(path);
        await expectPageHeading(page, heading);
        // The app's dark mode is the `dark` class on <html> (src/client/lib/theme.ts).
        await page.evaluate((dark) => {
          document.documentElement.classList.toggle('dark', dark);
        }, mode === 'dark');
        // Colours change through CSS transitions: measure contrast once they have settled.
        await page.waitForFunction(() => document.getAnimations().length === 0);

        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        const report = results.violations
          .map(
            (violation) =>
              `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}\n` +
              violation.nodes
                .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
                .join('\n'),
          )
          .join('\n');
        expect(results.violations, `axe found violations on ${path} (${mode}):\n${report}`).toEqual(
          [],
        );
      });
    }
  }
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
