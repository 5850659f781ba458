/*
 * PRODUCT.md point 13: WCAG 2.2 AA. axe checks every public page, in the light look and in the
 * dark one; a violation is a bug in the page, fixed there.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  DEMO,
  expect,
  expectPageHeading,
  failedToLoad,
  getCompetition,
  SITE_TITLE,
  test,
} from './fixtures.ts';
import { FIRST_ADMIN, SIGNED_OUT_CHECK, signInThroughApi } from './admin-fixtures.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Target {
  name: string;
  heading: string;
  /** The path, or how to find it (competition ids are made at seeding). */
  path: string | ((request: Parameters<typeof getCompetition>[0]) => Promise<string>);
  /** The server answers 404 on purpose, which the browser reports. */
  notFound?: boolean;
  /** An admin page: signed in first, as the first admin. */
  admin?: boolean;
}

const TARGETS: Target[] = [
  { name: 'home', path: '/', heading: SITE_TITLE },
  {
    name: 'an open competition',
    path: async (request) =>
      `/competition/${(await getCompetition(request, DEMO.competitions.portraits)).id}`,
    heading: DEMO.competitions.portraits,
  },
  {
    name: 'a closed competition',
    path: async (request) =>
      `/competition/${(await getCompetition(request, DEMO.competitions.winter)).id}`,
    heading: DEMO.competitions.winter,
  },
  {
    name: 'an unknown competition',
    path: '/competition/unknown',
    heading: 'Competition not found',
    notFound: true,
  },
  { name: 'about', path: '/about', heading: 'About Us' },
  { name: 'contact', path: '/contact', heading: 'Contact Us' },
  { name: 'privacy', path: '/privacy', heading: 'Privacy Policy' },
  { name: 'terms', path: '/terms', heading: 'Terms and Conditions' },
  { name: 'payment policy', path: '/razorpay-policy', heading: 'Razorpay Policy' },
  {
    name: 'registration success',
    path: '/registration-success',
    heading: 'Registration Successful!',
  },
  {
    name: 'registration',
    path: async (request) =>
      `/register/competition?competition=${(await getCompetition(request, DEMO.competitions.monsoon)).id}`,
    heading: 'Register',
  },
  { name: 'admin login', path: '/admin', heading: 'Admin Login' },
  { name: 'admin dashboard', path: '/admin/dashboard', heading: 'Dashboard', admin: true },
  { name: 'admin account', path: '/admin/account', heading: 'Account', admin: true },
  { name: 'admin audit log', path: '/admin/audit-log', heading: 'Audit Log', admin: true },
  ...(
    [
      ['competitions', 'Competitions'],
      ['categories', 'Categories'],
      ['video-settings', 'Video Settings'],
      ['banner-settings', 'Banner Settings'],
      ['site-settings', 'Site Settings'],
      ['submissions', 'Competition Submissions'],
    ] as const
  ).map(([screen, heading]) => ({
    name: `admin ${heading.toLowerCase()}`,
    path: `/admin/${screen}`,
    heading,
    admin: true,
  })),
];

/** Waits until no transition or finite animation is running: colours measured as they settle. */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

function report(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}\n` +
        violation.nodes
          .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
          .join('\n'),
    )
    .join('\n');
}

for (const target of TARGETS) {
  test(`${target.name} has no axe violations, light or dark`, async ({
    page,
    request,
    baseURL,
    expectConsoleError,
  }) => {
    const path = typeof target.path === 'string' ? target.path : await target.path(request);
    if (target.notFound) expectConsoleError({ text: failedToLoad(404), url: `${baseURL}${path}` });
    if (path === '/admin') expectConsoleError(SIGNED_OUT_CHECK);
    // page.request shares the page's cookies: the session it opens is the page's.
    if (target.admin) await signInThroughApi(page.request, FIRST_ADMIN);
    // The slideshow stands still and the 'Why Choose Us' cards show at once: axe sees the page
    // as it is at rest, the same on every run.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    await expectPageHeading(page, target.heading);
    if (path === '/') {
      await expect(
        page.getByRole('region', { name: 'Why Choose Us' }).getByRole('listitem').first(),
      ).toHaveAttribute('data-visible', 'true');
    }

    for (const mode of ['light', 'dark'] as const) {
      // The site's dark mode setting is exactly this class on <html> (src/client/lib/theme.ts).
      await page.evaluate((dark) => {
        document.documentElement.classList.toggle('dark', dark);
      }, mode === 'dark');
      await settle(page);
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(
        results.violations,
        `axe found violations on ${path} (${mode}):\n${report(results.violations)}`,
      ).toEqual([]);
    }
  });
}
