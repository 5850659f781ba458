/*
 * The pages of text (PRODUCT.md point 12: Markdown the admins edit, the seed's terms as
 * defaults), the contact page with its map, and the registration success page (seed §2), each
 * loaded directly and reached inside the app from the header.
 */
import type { Page } from '@playwright/test';
import {
  appStarted,
  DEMO,
  expect,
  expectPageHeading,
  mainNav,
  SITE_TITLE,
  test,
} from './fixtures.ts';

/** Each Markdown page, with a section heading and a sentence its default text has. */
const MARKDOWN_PAGES = [
  {
    path: '/about',
    slug: 'about',
    nav: 'About Us',
    heading: 'About Us',
    section: 'What we believe',
    text: ['judged by practising artists and art educators'],
  },
  {
    path: '/privacy',
    slug: 'privacy',
    nav: 'Privacy Policy',
    heading: 'Privacy Policy',
    section: 'What we collect',
    text: ['We do not sell your information.'],
  },
  {
    path: '/terms',
    slug: 'terms',
    nav: 'Terms',
    heading: 'Terms and Conditions',
    section: 'Eligibility',
    // Seed §9 "Terms".
    text: ['aged 2 and above', '3 days', '7-10 days', 'non-refundable unless stated'],
  },
  {
    path: '/razorpay-policy',
    slug: 'razorpay-policy',
    nav: 'Razorpay Policy',
    heading: 'Razorpay Policy',
    section: 'How payment works',
    text: ['Fees are charged in Indian rupees (INR)'],
  },
] as const;

async function expectMarkdownPage(page: Page, p: (typeof MARKDOWN_PAGES)[number]) {
  await expectPageHeading(page, p.heading);
  await expect(page).toHaveTitle(`${p.heading} | ${SITE_TITLE}`);
  const main = page.getByRole('main');
  // Rendered Markdown: real headings and lists, not the raw '##' and '-'.
  await expect(main.getByRole('heading', { level: 2, name: p.section })).toBeVisible();
  await expect(main.getByRole('list').first()).toBeVisible();
  await expect(main).not.toContainText('## ');
  for (const text of p.text) await expect(main).toContainText(text);
}

/*
 * /about shifted its layout after load (Lighthouse CLS 0.12) when the web font
 * replaced the fallback in text already drawn. The build makes fonts `font-display: optional` and
 * the page preloads the site font: a font that comes late is not swapped in, so nothing moves.
 */
test('/about: nothing moves when the web font arrives late', async ({ page }) => {
  const response = await page.request.get('/about');
  expect(await response.text()).toMatch(
    /<link rel="preload" as="font" type="font\/woff2" href="\/assets\/inter-latin-wght-normal-[\w-]+\.woff2" crossorigin>/,
  );
  await page.route('**/*.woff2', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const fontArrived = page.waitForResponse((r) => r.url().endsWith('.woff2'));
  await page.goto('/about');
  await expectPageHeading(page, 'About Us');
  await fontArrived;
  // Two frames after the font came: a swap would have been drawn, and measured, by then.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(
    await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts),
  ).toEqual([]);
});

for (const p of MARKDOWN_PAGES) {
  test(`${p.path} renders its Markdown, reached from the header and loaded directly`, async ({
    page,
  }) => {
    await page.goto(p.path === '/about' ? '/terms' : '/about');
    // Inside the app the page asks the API for its text: the link is followed by the app.
    await appStarted(page);
    const fetched = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/pages/${p.slug}`,
    );
    await mainNav(page).getByRole('link', { name: p.nav, exact: true }).click();
    expect((await fetched).status()).toBe(200);
    await expect(page).toHaveURL(p.path);
    await expectMarkdownPage(page, p);

    // Loaded directly, the text comes with the page.
    await page.reload();
    await expectMarkdownPage(page, p);
  });
}

test.describe('/contact', () => {
  async function expectContactPage(page: Page) {
    await expectPageHeading(page, 'Contact Us');
    const main = page.getByRole('main');
    const email = main.getByRole('link', { name: DEMO.contact.email });
    await expect(email).toHaveAttribute('href', `mailto:${DEMO.contact.email}`);
    const phone = main.getByRole('link', { name: DEMO.contact.phone });
    await expect(phone).toHaveAttribute('href', 'tel:+911155550100');
    await expect(main.getByText(DEMO.contact.address, { exact: true })).toBeVisible();
    const map = main.getByTitle(`Map: ${SITE_TITLE}`);
    await expect(map).toHaveAttribute(
      'src',
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/,
    );
    await map.scrollIntoViewIfNeeded();
    await expect(map).toBeVisible();
  }

  test('shows the e-mail, phone, address and map, reached from the header and loaded directly', async ({
    page,
  }) => {
    await page.goto('/about');
    await mainNav(page).getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL('/contact');
    await expectContactPage(page);

    await page.reload();
    await expectContactPage(page);
    await expect(page).toHaveTitle(`Contact Us | ${SITE_TITLE}`);
  });

  test("'View Competitions' leads to the list on home", async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('main').getByRole('link', { name: 'View Competitions' }).click();
    await expect(page).toHaveURL('/?scrollToFeatured=true');
    await expect(page.getByRole('heading', { name: 'Featured Competitions' })).toBeInViewport();
  });
});

test.describe('/registration-success', () => {
  async function expectSuccessPage(page: Page) {
    await expectPageHeading(page, 'Registration Successful!');
    const main = page.getByRole('main');
    await expect(main).toContainText('received your submission and it is now under review');
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([
      'Next Steps',
      'Stay Updated',
    ]);
    await expect(main).toContainText('The results will be notified to you by email.');
    await expect(main.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: 'View More Competitions' })).toHaveAttribute(
      'href',
      '/?scrollToFeatured=true',
    );
  }

  test('confirms the registration, with the next steps', async ({ page }) => {
    await page.goto('/registration-success');
    await expectSuccessPage(page);
    await expect(page).toHaveTitle(`Registration Successful! | ${SITE_TITLE}`);
  });

  test("'Return Home' goes home", async ({ page }) => {
    await page.goto('/registration-success');
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL('/');
    await expectPageHeading(page, SITE_TITLE);
  });

  test('renders inside the app too', async ({ page }) => {
    await page.goto('/about');
    await appStarted(page);
    // No header link leads here (the registration form does): go there as the app would.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/registration-success');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expectSuccessPage(page);
  });
});
