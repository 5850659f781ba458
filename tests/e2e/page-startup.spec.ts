/*
 * What a page asks of the browser while it starts ("cheap hydration"): on home, the
 * first banner image only, with high priority, and nothing decorative until the page is
 * interactive, nor ever for a visitor who saves data; on the registration page, the form's check
 * only once the artist touches the form. Time is Playwright's fake clock: idle callbacks and
 * timers run only when the test moves time on.
 */
import type { Page, Request } from '@playwright/test';
import { appStarted, DEMO, expect, test } from './fixtures.ts';
import { field, openRegistration, submitButton } from './registration-fixtures.ts';

const [FIRST] = DEMO.banners;

function carousel(page: Page) {
  return page.getByRole('region', { name: 'Featured banners' });
}

/** Opens home on a clock that stands still until the test moves it; waits for the load event. */
async function openHomeOnFrozenClock(page: Page): Promise<void> {
  const start = Math.floor(Date.now() / 1000) * 1000;
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
  await page.goto('/', { waitUntil: 'load' });
  await expect(carousel(page)).toBeVisible();
  await appStarted(page);
}

/**
 * Moves the clock on, half a second at a time, until `check` holds. The app may still be
 * hydrating home's lazily loaded part when the test first moves time, and a frozen clock never
 * runs an idle callback asked for after the move: one `runFor` would then wait in vain.
 */
async function runClockUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.clock.runFor(500);
    await check();
  }).toPass({ timeout: 20_000 });
}

/** The paths of the images the page has asked for so far. */
function imageRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'image') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** Every address an <img> may fetch: its src and its srcset's candidates. */
async function imageAddresses(page: Page, nth: number): Promise<string[]> {
  const image = carousel(page).locator('img').nth(nth);
  const src = (await image.getAttribute('src')) ?? '';
  const srcset = (await image.getAttribute('srcset')) ?? '';
  const candidates = srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter((url) => url !== '');
  return [src, ...candidates].map((url) => new URL(url, page.url()).pathname);
}

test.describe('home while it starts', () => {
  test('loads the first banner image with high priority, the others only once interactive', async ({
    page,
  }) => {
    const requested = imageRequests(page);
    await openHomeOnFrozenClock(page);
    const images = carousel(page).locator('img');
    await expect(images).toHaveCount(1);
    const first = images.first();
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('sizes', '100vw');
    await expect(first).toHaveAttribute('srcset', /\d+w/);
    await expect(carousel(page).locator('canvas')).toHaveCount(0);
    const beforeInteractive = [...requested];

    // Idle time comes: the other slides' images, lazy and without priority, and the particles.
    await runClockUntil(page, () => expect(images).toHaveCount(3, { timeout: 500 }));
    await expect(carousel(page).locator('canvas')).toHaveCount(1);
    for (const nth of [1, 2]) {
      await expect(images.nth(nth)).toHaveAttribute('loading', 'lazy');
      await expect(images.nth(nth)).not.toHaveAttribute('fetchpriority', /.*/);
      for (const address of await imageAddresses(page, nth)) {
        expect(beforeInteractive).not.toContain(address);
      }
    }
  });

  test('for a visitor who saves data: no particles, no rotation, no later images', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get: () => ({ saveData: true }),
      });
    });
    await openHomeOnFrozenClock(page);
    // Once interactive, the slideshow stands still for this visitor: it offers 'Play'.
    const play = carousel(page).getByRole('button', { name: 'Play slideshow' });
    await runClockUntil(page, () => expect(play).toBeVisible({ timeout: 500 }));
    await page.clock.runFor(20_000);
    await expect(carousel(page).getByText(FIRST, { exact: true })).toBeVisible();
    await expect(carousel(page).locator('img')).toHaveCount(1);
    await expect(carousel(page).locator('canvas')).toHaveCount(0);
    // The countdown still shows its time.
    const timer = page.getByRole('timer', { name: 'Time Remaining' });
    await expect(timer).toHaveText(/^(\d{2,})Days(\d{2})Hours(\d{2})Minutes(\d{2})Seconds$/);
  });

  test('with reduced motion, the particles never start', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHomeOnFrozenClock(page);
    await runClockUntil(page, () =>
      expect(carousel(page).locator('img')).toHaveCount(3, { timeout: 500 }),
    );
    await page.clock.runFor(20_000);
    await expect(carousel(page).locator('canvas')).toHaveCount(0);
  });
});

/** The registration form's check, a chunk of its own. */
const CHECK_CHUNK = /\/assets\/registration-check-[\w-]+\.js$/;

test.describe('the registration form while it starts', () => {
  test('asks for its check only when the artist first touches the form', async ({
    page,
    request,
  }) => {
    const checks: string[] = [];
    page.on('request', (r) => {
      if (CHECK_CHUNK.test(r.url())) checks.push(r.url());
    });
    await openRegistration(page, request, DEMO.competitions.portraits);
    await expect(page.getByRole('heading', { level: 2, name: 'About you' })).toBeVisible();
    await expect(field(page, 'Full Name')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(checks).toEqual([]);

    await field(page, 'Full Name').focus();
    await expect.poll(() => checks.length).toBe(1);
  });

  test('a send before the check has arrived waits for it, and is checked', async ({
    page,
    request,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(CHECK_CHUNK, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await openRegistration(page, request, DEMO.competitions.portraits);
    await submitButton(page).click();
    await expect.poll(() => asked).toBe(true);
    await expect(page.getByText('Full name is required')).toHaveCount(0);
    release();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(field(page, 'Full Name')).toBeFocused();
  });
});
