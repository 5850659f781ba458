/*
 * Seed §2 "Home" and §4 "Countdown and feature card": the banner slideshow (5 s, with the
 * carousel's controls), the particles, the 'Time Remaining' countdown (PRODUCT.md point 7), the
 * scroll hint, the 'Why Choose Us' cards, the video that loads only on click (point 13), and the
 * hero's buttons. Time is Playwright's fake clock, never a real wait.
 */
import type { Page } from '@playwright/test';
import { appStarted, DEMO, expect, getCompetitions, mainNav, test } from './fixtures.ts';

const [FIRST, SECOND, THIRD] = DEMO.banners;

function carousel(page: Page) {
  return page.getByRole('region', { name: 'Featured banners' });
}

/** The banner caption a visitor sees; the others are hidden. */
async function expectCaption(page: Page, title: string) {
  for (const banner of DEMO.banners) {
    const caption = carousel(page).getByText(banner, { exact: true });
    if (banner === title) await expect(caption).toBeVisible();
    else await expect(caption).toBeHidden();
  }
}

/**
 * Opens home on a fake clock that stands still, so every timer the page sets fires only when the
 * test moves time on. Returns the page's "now".
 */
async function openHomeOnFrozenClock(page: Page): Promise<number> {
  const start = Math.floor(Date.now() / 1000) * 1000;
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
  await page.goto('/');
  await expect(carousel(page)).toBeVisible();
  // The page asks for its idle moment (it hydrated): moving the clock now brings it.
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'waiting');
  return start + 1000;
}

/** Moves the mouse onto the header, outside the carousel. */
async function moveMouseAway(page: Page) {
  const header = await page.getByRole('banner').boundingBox();
  await page.mouse.move(header!.x + 4, header!.y + 4);
}

test.describe('banner slideshow', () => {
  test('changes banner every 5 seconds, and not before', async ({ page }) => {
    await openHomeOnFrozenClock(page);
    await expectCaption(page, FIRST);
    await expect(
      carousel(page).getByRole('button', { name: 'Show banner 1 of 3' }),
    ).toHaveAttribute('aria-current', 'true');

    await page.clock.runFor(4900);
    await expectCaption(page, FIRST);
    await page.clock.runFor(100);
    await expectCaption(page, SECOND);
    await expect(
      carousel(page).getByRole('button', { name: 'Show banner 2 of 3' }),
    ).toHaveAttribute('aria-current', 'true');

    await page.clock.runFor(5000);
    await expectCaption(page, THIRD);
    // After the last, the first again.
    await page.clock.runFor(5000);
    await expectCaption(page, FIRST);
  });

  test('stops while the pointer is over it', async ({ page }) => {
    await openHomeOnFrozenClock(page);
    await carousel(page).getByRole('heading', { level: 1 }).hover();
    await page.clock.runFor(6000);
    await expectCaption(page, FIRST);

    // Leaving starts a full period again.
    await moveMouseAway(page);
    await page.clock.runFor(4900);
    await expectCaption(page, FIRST);
    await page.clock.runFor(100);
    await expectCaption(page, SECOND);
  });

  test("'Pause slideshow' stops it until 'Play slideshow'", async ({ page }) => {
    await openHomeOnFrozenClock(page);
    await carousel(page).getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(carousel(page).getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await expect(carousel(page).getByRole('button', { name: 'Pause slideshow' })).toHaveCount(0);
    await moveMouseAway(page);
    await page.clock.runFor(6000);
    await expectCaption(page, FIRST);

    await carousel(page).getByRole('button', { name: 'Play slideshow' }).click();
    await expect(carousel(page).getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await moveMouseAway(page);
    await page.clock.runFor(5000);
    await expectCaption(page, SECOND);
  });

  test("'Next banner', 'Previous banner' and the banner buttons show that banner", async ({
    page,
  }) => {
    await openHomeOnFrozenClock(page);
    await carousel(page).getByRole('button', { name: 'Next banner' }).click();
    await expectCaption(page, SECOND);
    await carousel(page).getByRole('button', { name: 'Previous banner' }).click();
    await expectCaption(page, FIRST);
    // Before the first, the last.
    await carousel(page).getByRole('button', { name: 'Previous banner' }).click();
    await expectCaption(page, THIRD);
    await carousel(page).getByRole('button', { name: 'Next banner' }).click();
    await expectCaption(page, FIRST);

    const third = carousel(page).getByRole('button', { name: 'Show banner 3 of 3' });
    await third.click();
    await expectCaption(page, THIRD);
    await expect(third).toHaveAttribute('aria-current', 'true');
    await expect(
      carousel(page).getByRole('button', { name: 'Show banner 1 of 3' }),
    ).not.toHaveAttribute('aria-current', 'true');
  });

  test('with reduced motion it does not rotate and draws no particles', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHomeOnFrozenClock(page);
    await expectCaption(page, FIRST);
    // It starts paused: the button offers to play.
    await expect(carousel(page).getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.clock.runFor(15_000);
    await expectCaption(page, FIRST);
    await expect(carousel(page).locator('canvas')).toHaveCount(0);
  });

  test('draws the particles behind the hero when motion is fine', async ({ page }) => {
    await page.goto('/');
    const canvas = carousel(page).locator('canvas');
    await expect(canvas).toHaveCount(1);
    await expect(canvas).toHaveAttribute('aria-hidden', 'true');
    // It fills the hero.
    const [hero, box] = await Promise.all([carousel(page).boundingBox(), canvas.boundingBox()]);
    expect(box?.width).toBeGreaterThan(0);
    expect(box?.height).toBeGreaterThan(0);
    expect(box?.width).toBeCloseTo(hero!.width, 0);
  });
});

test.describe('Time Remaining', () => {
  test('counts down, second by second, to the soonest-closing open competition', async ({
    page,
    request,
  }) => {
    const open = (await getCompetitions(request)).filter((c) => c.status === 'open');
    const soonest = open.reduce((a, b) =>
      Date.parse(a.closesAt) <= Date.parse(b.closesAt) ? a : b,
    );
    expect(soonest.title).toBe(DEMO.competitions.portraits);

    const now = await openHomeOnFrozenClock(page);
    const section = page.getByRole('region', { name: 'Time Remaining' });
    await expect(section.getByRole('heading', { name: 'Time Remaining', level: 2 })).toBeVisible();
    const timer = section.getByRole('timer', { name: 'Time Remaining' });
    const format = /^(\d{2,})Days(\d{2})Hours(\d{2})Minutes(\d{2})Seconds$/;
    await expect(timer).toHaveText(format);
    // Until the page is interactive it shows the time the server drew it at (hydration keeps the
    // server's markup); then the browser's clock, which here stands still until moved.
    await page.clock.runFor(100);
    await expect(timer).toHaveText(countdownText(Date.parse(soonest.closesAt) - now));

    const before = format.exec((await timer.textContent()) ?? '')?.[4];
    await page.clock.runFor(1000);
    await expect(timer).toHaveText(countdownText(Date.parse(soonest.closesAt) - now - 1000));
    const after = format.exec((await timer.textContent()) ?? '')?.[4];
    expect(after).not.toBe(before);

    const link = section.getByRole('link', { name: DEMO.competitions.portraits });
    await expect(section).toContainText(`until entries close for ${DEMO.competitions.portraits}`);
    await expect(link).toHaveAttribute('href', `/competition/${soonest.id}`);
    await link.click();
    await expect(page).toHaveURL(`/competition/${soonest.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEMO.competitions.portraits);
  });

  test("with no open competition it falls back to the seed's rolling 10 days", async ({ page }) => {
    // Every competition but the open ones, on the app's own visit to home.
    await page.route('**/api/competitions', async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as { status: string }[];
      await route.fulfill({ response, json: list.filter((c) => c.status !== 'open') });
    });
    const start = Math.floor(Date.now() / 1000) * 1000;
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await page.goto('/about');
    await appStarted(page);
    await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();

    const section = page.getByRole('region', { name: 'Time Remaining' });
    const timer = section.getByRole('timer', { name: 'Time Remaining' });
    await expect(timer).toHaveText('10Days00Hours00Minutes00Seconds');
    await expect(section).toContainText('New competitions are added regularly.');
    await expect(section.getByRole('link')).toHaveCount(0);
    await page.clock.runFor(1000);
    await expect(timer).toHaveText('09Days23Hours59Minutes59Seconds');
    // At zero it starts again from 10 days (seed §4).
    await page.clock.fastForward(10 * 86_400_000 - 1000);
    await expect(timer).toHaveText('10Days00Hours00Minutes00Seconds');
    await page.clock.runFor(1000);
    await expect(timer).toHaveText('09Days23Hours59Minutes59Seconds');
  });
});

/** What the countdown shows for `ms` left: whole seconds, a started one counting as whole. */
function countdownText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(Math.floor(total / 86_400))}Days${pad(Math.floor((total % 86_400) / 3600))}Hours` +
    `${pad(Math.floor((total % 3600) / 60))}Minutes${pad(total % 60)}Seconds`
  );
}

test.describe('scroll hint', () => {
  test("'Scroll to explore' shows at the top and goes after 100 px", async ({ page }) => {
    await page.goto('/');
    const hint = page.getByRole('link', { name: 'Scroll to explore' });
    await expect(hint).toBeVisible();

    await page.evaluate(() => window.scrollTo(0, 100));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(100);
    await expect(hint).toBeVisible();

    await page.evaluate(() => window.scrollTo(0, 101));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(101);
    await expect(hint).toBeHidden();

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(hint).toBeVisible();
  });

  test('following it brings the list into view', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Scroll to explore' }).click();
    await expect(page.getByRole('heading', { name: 'Featured Competitions' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Scroll to explore' })).toBeHidden();
  });
});

test.describe('Why Choose Us', () => {
  const TITLES = ['Global Exposure', 'Expert Judges', 'Exciting Prizes', 'Simple Registration'];

  function cards(page: Page) {
    return page.getByRole('region', { name: 'Why Choose Us' }).getByRole('listitem');
  }

  test('the cards come in once scrolled into view', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Why Choose Us', level: 2 })).toBeAttached();
    await expect(cards(page)).toHaveCount(4);
    await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(TITLES);
    for (const card of await cards(page).all()) {
      await expect(card).toHaveAttribute('data-visible', 'false');
    }

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (const card of await cards(page).all()) {
      await expect(card).toHaveAttribute('data-visible', 'true');
      await expect(card).toBeInViewport();
    }
  });

  test('with reduced motion they are there at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(cards(page)).toHaveCount(4);
    for (const card of await cards(page).all()) {
      await expect(card).toHaveAttribute('data-visible', 'true');
    }
  });
});

test.describe('featured video', () => {
  test('asks nothing of YouTube until played, then embeds the privacy-enhanced player', async ({
    page,
  }) => {
    const youtube: string[] = [];
    page.on('request', (request) => {
      if (/youtube|ytimg|googlevideo/i.test(new URL(request.url()).hostname)) {
        youtube.push(request.url());
      }
    });
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Featured Video' });
    const play = section.getByRole('button', { name: 'Play video' });
    await play.scrollIntoViewIfNeeded();
    await expect(play).toBeVisible();
    await expect(section.locator('iframe')).toHaveCount(0);
    // The whole page has loaded, the video's section is on screen: still nothing asked.
    await page.waitForLoadState('load');
    expect(youtube, 'requests to YouTube before the visitor pressed play').toEqual([]);

    await play.click();
    const frame = section.getByTitle('Featured video');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute(
      'src',
      new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${DEMO.videoId}`),
    );
    await expect(section.getByRole('button', { name: 'Play video' })).toHaveCount(0);
    await expect
      .poll(() => youtube)
      .toContainEqual(expect.stringContaining('youtube-nocookie.com'));
  });
});

test.describe('hero buttons', () => {
  // 'Learn More' shows the seed's label; its accessible name adds where it leads.
  for (const { label, name, path, heading } of [
    { label: 'Contact Us', name: 'Contact Us', path: '/contact', heading: 'Contact Us' },
    { label: 'Learn More', name: 'Learn More about us', path: '/about', heading: 'About Us' },
  ]) {
    test(`'${label}' goes to ${path}`, async ({ page }) => {
      await page.goto('/');
      const link = carousel(page).getByRole('link', { name, exact: true });
      // What a sighted visitor reads: the text outside the screen-reader-only part.
      expect(
        await link.evaluate((element) =>
          [...element.childNodes]
            .filter((node) => !(node instanceof HTMLElement && node.classList.contains('sr-only')))
            .map((node) => node.textContent)
            .join('')
            .trim(),
        ),
      ).toBe(label);
      await link.click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }
});
