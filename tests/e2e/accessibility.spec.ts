/*
 * PRODUCT.md point 13: WCAG 2.2 AA. axe checks every public page and admin screen, in the light
 * look and in the dark one (axe.ts).
 */
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
import { expectNoAxeViolations } from './axe.ts';

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
  { name: 'results', path: '/results', heading: 'Results' },
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
  { name: 'jury sign-in', path: '/jury/sign-in', heading: 'Jury sign-in' },
  // The jury's link opened without its token; with one it is checked in jury.changes.spec.ts.
  {
    name: 'a jury invitation link cut short',
    path: '/jury/invitation',
    heading: 'Jury invitation',
  },
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
      ['outbox', 'Outbox'],
      ['email-templates', 'E-mail Templates'],
      // No jurors and no competition chosen yet: their screens with data are checked in
      // jury.changes.spec.ts.
      ['jurors', 'Jurors'],
      ['judging', 'Judging'],
    ] as const
  ).map(([screen, heading]) => ({
    name: `admin ${heading.toLowerCase()}`,
    path: `/admin/${screen}`,
    heading,
    admin: true,
  })),
];

for (const target of TARGETS) {
  test(`${target.name} has no axe violations, light or dark`, async ({
    page,
    request,
    baseURL,
    expectConsoleError,
  }) => {
    const path = typeof target.path === 'string' ? target.path : await target.path(request);
    if (target.notFound) expectConsoleError({ text: failedToLoad(404), url: `${baseURL}${path}` });
    if (path === '/admin' || path === '/jury/sign-in') expectConsoleError(SIGNED_OUT_CHECK);
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

    await expectNoAxeViolations(page, path);
  });
}
