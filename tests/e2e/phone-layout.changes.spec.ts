/*
 * What a phone (390 px) shows: the site title whole, no empty band under the header, no page
 * that scrolls sideways (the admin's wide judging tables scroll inside themselves), a toast clear
 * of the button it speaks of, e-mail addresses wrapped at '@' and '.', and a competition's rules,
 * eligibility, prize and file requirements, written in the admin's form, with Register Now kept
 * in reach. It registers and edits, so it runs with the journeys that change the site's data.
 */
import type { Locator, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { apiSignedInAs, FIRST_ADMIN, openAdminScreen } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import {
  DEMO,
  expect,
  expectPageHeading,
  getCategories,
  getCompetition,
  SITE_TITLE,
  test,
} from './fixtures.ts';
import { openRoundWithThreeJurors } from './jury-fixtures.ts';
import { ARTIST, fillValidForm, openRegistration, submitButton } from './registration-fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });
test.slow();

const C = DEMO.competitions;

async function expectNoSidewaysScroll(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} scrolls sideways`).toBeLessThanOrEqual(390);
}

/** The page's first words or picture start right under the header, not a band lower. */
async function expectNoBandUnderHeader(page: Page, what: string) {
  const gap = await page.evaluate(() => {
    const header = document.querySelector('header')!.getBoundingClientRect();
    // The page's first block: a heading, a picture, the success page's check mark.
    const first = document.querySelector('main')!.firstElementChild!.firstElementChild;
    return first!.getBoundingClientRect().top - header.bottom;
  });
  expect(gap, `the space between the header and ${what}`).toBeLessThanOrEqual(40);
}

async function expectTitleWhole(page: Page) {
  const title = page.getByRole('banner').getByRole('link', { name: SITE_TITLE, exact: true });
  await expect(title).toHaveText(SITE_TITLE);
  const clipped = await title.evaluate((link) =>
    [...link.querySelectorAll('span')].some(
      (span) => span.scrollWidth > span.clientWidth || span.scrollHeight > span.clientHeight,
    ),
  );
  expect(clipped, 'the site title is cut short').toBe(false);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The characters that start each line but the first of a text wrapped in the browser. */
async function lineStarts(element: Locator): Promise<string[]> {
  return element.evaluate((node) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const starts: string[] = [];
    let lastTop: number | undefined;
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (let i = 0; i < (text.textContent ?? '').length; i++) {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const top = range.getBoundingClientRect().top;
        if (lastTop !== undefined && top > lastTop + 2) starts.push(text.textContent![i]!);
        lastTop = top;
      }
    }
    return starts;
  });
}

test('the public pages: the title whole, no band under the header, nothing scrolls sideways', async ({
  page,
  request,
}) => {
  const portraits = await getCompetition(request, C.portraits);
  const monsoon = await getCompetition(request, C.monsoon);
  for (const [path, heading] of [
    [`/competition/${portraits.id}`, C.portraits],
    [`/register/competition?competition=${monsoon.id}`, 'Register'],
    ['/registration-success', 'Registration Successful!'],
    ['/results', 'Results'],
  ] as const) {
    await page.goto(path);
    await expectPageHeading(page, heading);
    await expectTitleWhole(page);
    await expectNoBandUnderHeader(page, heading);
    await expectNoSidewaysScroll(page, path);
  }
});

test('a toast stays clear of the button it speaks of; a long e-mail wraps at @ and dots', async ({
  page,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const email = `meera.iyer.portfolio.submissions.${tag}@studio-of-contemporary-art.example.in`;
  await openRegistration(page, request, C.portraits);
  await fillValidForm(page, { ...ARTIST, email });
  await submitButton(page).click();
  await page
    .getByRole('dialog', { name: 'Test payment' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  const toast = page.getByRole('alert').filter({ hasText: 'Payment cancelled' });
  await expect(toast).toBeVisible();
  const complete = page.getByRole('button', { name: 'Complete payment' });
  await expect(complete).toBeVisible();
  const [toastBox, buttonBox] = [await toast.boundingBox(), await complete.boundingBox()];
  expect(overlaps(toastBox!, buttonBox!), 'the toast covers Complete payment').toBe(false);

  await expectPageHeading(page, 'Your entry');
  await expectNoBandUnderHeader(page, 'the entry');
  await expectNoSidewaysScroll(page, 'the entry page');
  const shown = page.getByRole('definition').filter({ hasText: email });
  await expect(shown).toHaveText(email);
  const starts = await lineStarts(shown);
  expect(starts.length, 'the address is long enough to wrap').toBeGreaterThan(0);
  for (const start of starts) expect(['@', '.']).toContain(start);
});

test("a competition's rules, eligibility and prize, written in the admin's form, and Register Now in reach", async ({
  page,
  baseURL,
  request,
}) => {
  const title = `Phone Portraits ${randomBytes(3).toString('hex')}`;
  const painting = (await getCategories(request)).find((c) => c.name === 'Painting')!;
  const api = await apiSignedInAs(baseURL!, FIRST_ADMIN);
  const today = new Date().toISOString().slice(0, 10);
  const created = await api.post('/api/admin/competitions', {
    data: {
      title,
      description: 'Paint a face you know well.',
      categoryId: painting.id,
      startDate: today,
      endDate: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
      entryType: 'free',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await api.dispose();

  await openAdminScreen(page, '/admin/competitions', 'Competitions');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Competition' });
  await editor
    .getByRole('textbox', { name: 'Rules' })
    .fill('- One work per artist\n- Made in **2026**');
  await editor.getByRole('textbox', { name: 'Eligibility' }).fill('Artists aged 18 or over.');
  await editor.getByRole('textbox', { name: 'Prize description' }).fill('₹10,000 and a show');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`Competition '${title}' updated successfully`)).toBeVisible();

  await page.goto(`/competition/${id}`);
  await expectPageHeading(page, title);
  const rules = page.getByRole('region', { name: 'Rules' });
  await expect(rules.getByRole('listitem')).toHaveText(['One work per artist', 'Made in 2026']);
  await expect(rules.locator('strong')).toHaveText('2026');
  await expect(page.getByRole('region', { name: 'Eligibility' })).toContainText(
    'Artists aged 18 or over.',
  );
  await expect(
    page.getByRole('region', { name: 'File requirements' }).getByRole('listitem'),
  ).toHaveText([
    'Your photo and 1 picture of your work: Artwork Photo',
    'File types: JPEG, PNG or WebP',
    'Size: up to 10 MB a picture',
  ]);
  await expect(page.getByText('₹10,000 and a show')).toBeVisible();

  // On arrival the page's own Register Now is below the fold: the bar holds one in reach.
  const bar = page.getByTestId('register-bar');
  const barLink = bar.getByRole('link', { name: 'Register Now' });
  await expect(barLink).toBeInViewport();
  const entryButton = page.getByRole('complementary', { name: 'Entry' }).getByRole('link', {
    name: 'Register Now',
  });
  await expect(entryButton).not.toBeInViewport();
  await expectNoAxeViolations(page, 'a competition on a phone, with its Register Now bar');
  // Once the page's own button shows, the bar steps aside rather than cover it.
  await entryButton.scrollIntoViewIfNeeded();
  await expect(barLink).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 0));
  // Whole, its slide back over: pressed mid-slide, the press scrolled the page to reach it, which
  // showed the page's own button again, and the bar stepped aside for good (validate, load 16).
  await expect(barLink).toBeInViewport({ ratio: 1 });
  await barLink.click();
  await expect(page).toHaveURL(`/register/competition?competition=${id}`);
});

test("the admin's judging screens fit the phone: wide tables scroll inside themselves", async ({
  page,
  baseURL,
  request,
}) => {
  const round = await openRoundWithThreeJurors(baseURL!, request);
  await openAdminScreen(page, `/admin/judging/${round.competitionId}`, `Judging: ${round.title}`);
  const rounds = page.getByRole('table', { name: 'Rounds, first first' });
  await expect(rounds).toBeVisible();
  await expectNoSidewaysScroll(page, 'the judging screen');
  const frame = rounds.locator('xpath=..');
  expect(await frame.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
  // The admin's header names the site whole too.
  const siteTitle = page.getByRole('banner').getByText(SITE_TITLE, { exact: true });
  expect(
    await siteTitle.evaluate(
      (p) => p.scrollWidth > p.clientWidth || p.scrollHeight > p.clientHeight,
    ),
  ).toBe(false);

  await page.goto(`/admin/judging/${round.competitionId}/rounds/${round.roundId}`);
  await expectPageHeading(page, 'Round 1');
  await expect(page.getByRole('table').first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'the round screen');
});
