/*
 * What every end-to-end spec shares: the `test` to import (it fails on any console error or
 * uncaught exception, and answers the outside embeds locally, since this machine is offline), the
 * demo content's exact strings, and small helpers that read the page as a visitor would.
 */
import {
  type APIRequestContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

export { expect };

export const SITE_TITLE = 'White Stroke International Art Space';

/**
 * The header's links (seed §2 "Header", with Competitions and Results after Home), in order, with
 * where each leads: Competitions to home's list of them.
 */
export const NAV_LINKS = [
  { name: 'Home', path: '/' },
  { name: 'Competitions', path: '/?scrollToFeatured=true#featured' },
  { name: 'Results', path: '/results' },
  { name: 'Exhibitions', path: '/exhibitions' },
  { name: 'About Us', path: '/about' },
  { name: 'Contact', path: '/contact' },
  { name: 'Privacy Policy', path: '/privacy' },
  { name: 'Terms', path: '/terms' },
  { name: 'Razorpay Policy', path: '/razorpay-policy' },
] as const;

/** The demo content (src/server/features/demo/seed-demo.ts), as the pages show it. */
export const DEMO = {
  categories: {
    painting: { name: 'Painting', subcategories: ['Watercolour', 'Acrylic & Oil'] },
    drawing: {
      name: 'Drawing & Illustration',
      subcategories: ['Pencil & Charcoal', 'Digital Illustration'],
    },
  },
  competitions: {
    monsoon: 'Monsoon Colours Watercolour Challenge',
    portraits: 'Portraits of India: Oil & Acrylic Open',
    sketchers: 'Young Sketchers Festival',
    digitalDreams: 'Digital Dreams Illustration Prize',
    heritage: 'Heritage Lines Drawing Contest',
    winter: 'Winter Landscapes',
    /** Closed yesterday at 6 pm (decision 021): its page has no Register Now. */
    streetCorners: 'Street Corners in Ink',
    /** A draft: listed for admins only, invisible to visitors. */
    festivalDraft: 'Festival of Lights Poster Prize',
    /** The jury demo (demo-judging.ts, with DEMO_JUROR_PASSWORD): closed three days ago. */
    sketchbook: 'Monsoon Sketchbook 2026',
    /** The results demo (demo-results.ts): closed a month ago, its results published. */
    cityLights: 'City Lights 2026',
    /** The exhibitions demo (demo-exhibitions.ts): open, its exhibition's vote open. */
    rooftops: 'Rooftops and Rain 2026',
  },
  banners: ['Create. Compete. Shine.', 'Registrations are open', 'Exhibit at White Stroke'],
  videoId: 'aqz-KE-bpKQ',
  contact: {
    email: 'hello@example.com',
    phone: '+91 11 5555 0100',
    address: 'White Stroke International Art Space, Connaught Place, New Delhi 110001, India',
  },
} as const;

/**
 * The demo artist (src/server/features/demo/demo-entries.ts): an entry in the Young Sketchers
 * Festival (open, awaiting payment) and one in City Lights 2026 (results published). Signs in by
 * code; the code is in the admin's Outbox.
 */
export const DEMO_ARTIST = {
  email: 'artist@example.org',
  name: 'Imran Shaikh',
  competitions: [DEMO.competitions.sketchers, DEMO.competitions.cityLights],
} as const;

/** The demo's drafts: in the admin's list and counts, never on the public site. */
export const DEMO_DRAFTS = [DEMO.competitions.festivalDraft] as const;

/**
 * The demo's entries: twelve in the jury demo, six in the results demo, three of several works
 * in the Young Sketchers Festival (awaiting payment), four in the exhibitions demo.
 */
export const DEMO_ENTRIES = 25;

/** Open (closing soonest first), then Upcoming (opening soonest first), then Closed. */
export const DEMO_LISTING = [
  { title: DEMO.competitions.portraits, status: 'Open' },
  { title: DEMO.competitions.monsoon, status: 'Open' },
  { title: DEMO.competitions.sketchers, status: 'Open' },
  { title: DEMO.competitions.rooftops, status: 'Open' },
  { title: DEMO.competitions.digitalDreams, status: 'Upcoming' },
  { title: DEMO.competitions.heritage, status: 'Upcoming' },
  { title: DEMO.competitions.streetCorners, status: 'Closed' },
  { title: DEMO.competitions.sketchbook, status: 'Closed' },
  { title: DEMO.competitions.winter, status: 'Closed' },
  { title: DEMO.competitions.cityLights, status: 'Closed' },
] as const;

/**
 * Chromium's own console error for a response with an error status. The browser logs it for
 * every failed load, whatever the page does about it, so a test that provokes one declares it.
 */
export function failedToLoad(status: 404 | 500): string {
  const reason = status === 404 ? 'Not Found' : 'Internal Server Error';
  return `Failed to load resource: the server responded with a status of ${status} (${reason})`;
}

/** A console error a test provokes on purpose: its exact text and, narrower still, its source. */
export interface ExpectedConsoleError {
  /** The whole message: a string must equal it, a RegExp must match it. */
  text: string | RegExp;
  /** The URL the message is about (for a failed load, the resource's URL). */
  url: string | RegExp;
}

/** The origins the pages embed in frames, answered here: the machine has no internet. */
export const OFFLINE_EMBED_URLS = [
  'https://www.youtube-nocookie.com/**',
  'https://www.openstreetmap.org/**',
  'https://www.google.com/**',
] as const;
const EMBED_STAND_IN =
  '<!doctype html><html lang="en"><title>Embed stand-in</title><p>Offline stand-in.</p></html>';

function matches(pattern: string | RegExp, value: string): boolean {
  return typeof pattern === 'string' ? pattern === value : pattern.test(value);
}

interface Fixtures {
  /**
   * Declares a console error this test provokes on purpose (a 404 it asks for, a request it
   * breaks). Only messages that match a declaration are forgiven, and every declaration must be
   * met at least once: an expected error that never comes means the test no longer tests it.
   */
  expectConsoleError: (expected: ExpectedConsoleError) => void;
  consoleErrorAllowlist: ExpectedConsoleError[];
  failOnConsoleErrors: void;
  offlineEmbeds: void;
}

/** What Chromium logs when something tries to run a script in a frame sandboxed without scripts. */
const SANDBOX_REFUSAL =
  "Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed";

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  consoleErrorAllowlist: async ({}, use) => {
    await use([]);
  },

  expectConsoleError: async ({ consoleErrorAllowlist }, use) => {
    await use((expected) => {
      consoleErrorAllowlist.push(expected);
    });
  },

  offlineEmbeds: [
    async ({ context }, use) => {
      for (const url of OFFLINE_EMBED_URLS) {
        await context.route(url, (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: EMBED_STAND_IN }),
        );
      }
      await use();
    },
    { auto: true },
  ],

  /**
   * Every test fails if a page logged a console error or threw an uncaught exception, whichever
   * page it loaded: a broken load is a bug even when the page still looks right. Only the errors
   * the test declared with `expectConsoleError` are forgiven; exceptions never are.
   */
  failOnConsoleErrors: [
    async ({ page, consoleErrorAllowlist }, use) => {
      const unexpected: string[] = [];
      const seen = new Set<ExpectedConsoleError>();
      page.on('console', (message) => {
        // Only React's development build says this: the suite must test what visitors get.
        if (message.text().includes('Download the React DevTools')) {
          unexpected.push(
            'dist/client holds a development build (built with NODE_ENV set to something other ' +
              'than production): run the suite with `npm run test:e2e`, which rebuilds it.',
          );
        }
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        // Playwright itself evaluates in every frame (for its snapshots and selectors), and
        // Chromium refuses that in our script-less e-mail previews (sandbox=""), logging this
        // at times (https://github.com/microsoft/playwright/issues/33343). The page never runs a
        // script there.
        if (url === 'about:srcdoc' && message.text().startsWith(SANDBOX_REFUSAL)) return;
        const allowed = consoleErrorAllowlist.filter(
          (expected) => matches(expected.text, message.text()) && matches(expected.url, url),
        );
        for (const expected of allowed) seen.add(expected);
        if (allowed.length === 0) {
          unexpected.push(
            `console.error at ${page.url()}: ${message.text()} (${url}:${lineNumber})`,
          );
        }
      });
      page.on('pageerror', (error) => {
        unexpected.push(`uncaught exception at ${page.url()}: ${error.message}`);
      });
      await use();
      const describe = (e: ExpectedConsoleError) => `${String(e.text)} (from ${String(e.url)})`;
      // Console events may trail the assertion that saw their effect: give them a moment.
      await expect
        .poll(() => consoleErrorAllowlist.filter((e) => !seen.has(e)).map(describe), {
          message: 'console errors the test declared but the page never logged',
          timeout: 5000,
        })
        .toEqual([]);
      expect(unexpected, `The page logged errors:\n${unexpected.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});

export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main', exact: true });
}

export function mobileNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Mobile', exact: true });
}

/**
 * Waits until the app runs the page: a server-drawn page is readable (and its links work) before
 * that, but a journey that drives the router itself (history.pushState) needs the app.
 */
export async function appStarted(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
}

/** The page has exactly one <h1>, with this text, and it is visible. */
export async function expectPageHeading(page: Page, heading: string): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText(heading);
  await expect(h1).toBeVisible();
}

/** What the tests read of `GET /api/competitions`. */
export interface ApiCompetition {
  id: string;
  title: string;
  description: string;
  image: { url: string } | null;
  prizeImage: { url: string } | null;
  category: { id: string; name: string };
  subcategory: { id: string; name: string } | null;
  startDate: string;
  endDate: string;
  opensAt: string;
  closesAt: string;
  entryFee: number;
  status: 'open' | 'upcoming' | 'closed';
}

export interface ApiCategory {
  id: string;
  name: string;
  subcategories: { id: string; name: string }[];
}

export async function getCompetitions(request: APIRequestContext): Promise<ApiCompetition[]> {
  const response = await request.get('/api/competitions');
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiCompetition[];
}

/** The demo competition with this title (ids are made at seeding: never hard-coded). */
export async function getCompetition(
  request: APIRequestContext,
  title: string,
): Promise<ApiCompetition> {
  const competition = (await getCompetitions(request)).find((c) => c.title === title);
  if (!competition) throw new Error(`No competition titled '${title}' in /api/competitions`);
  return competition;
}

export async function getCategories(request: APIRequestContext): Promise<ApiCategory[]> {
  const response = await request.get('/api/categories');
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiCategory[];
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '2026-11-21' → '21 November 2026', the way the site writes a calendar date in full. */
export function fullDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** The home page's 'Featured Competitions' section. */
export function featuredSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Featured Competitions' });
}

/** The competition cards of the home list, in order. */
export function competitionCards(page: Page): Locator {
  return featuredSection(page).getByRole('listitem');
}

/** The titles of the cards shown, in order. */
export function cardTitles(page: Page): Locator {
  return featuredSection(page).getByRole('heading', { level: 3 });
}
