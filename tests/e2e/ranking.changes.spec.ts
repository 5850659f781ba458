/*
 * A ranking round, end to end: round 1 is scored and closed through the API; the admin
 * creates round 2 as a ranking ballot of its shortlist and opens it; one juror orders the works
 * by the keyboard (the drag handle: Space, arrows, Space) and the mouse, another on a tablet with
 * the Move buttons; the admin reads the Schulze ranking, the pairwise table and the tie-break.
 * axe is clean on the ballot and on the ranking.
 */
import type { Locator, Page } from '@playwright/test';
import { openAdminScreen, signInThroughApi } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, expectPageHeading, test } from './fixtures.ts';
import * as jury from './jury-fixtures.ts';
import { rowOf, toast } from './jury-fixtures.ts';
import { tabTo } from './registration-fixtures.ts';

type Ranking = {
  candidates: { submissionId: string; reference: string; alias: string }[];
};

/** The ballot's works, best first, as the list shows them. */
async function orderShown(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Your ranking, best first' });
  // The shortlist is three works: read the order once all of them are drawn.
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const texts = await list.getByRole('listitem').allInnerTexts();
  return texts.map((text) => /Work (W\d{3})/.exec(text)![1]!);
}

/** The drag library's live region: what a screen reader hears during a drag. */
const dragNews = (page: Page): Locator => page.locator('[id^="DndLiveRegion"]');

/**
 * Presses `key` during a keyboard drag until the live region says `news`. dnd-kit's keyboard
 * sensor starts listening a task after the pick-up (a timer), so on a loaded machine the first
 * key can land before it listens and is lost: pressed again only while nothing has changed.
 */
async function pressForNews(page: Page, key: string, news: string) {
  const before = await dragNews(page).textContent();
  await expect(async () => {
    if ((await dragNews(page).textContent()) === before) await page.keyboard.press(key);
    await expect(dragNews(page)).toContainText(news, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Drags the work's handle with the mouse onto the row of `onto`, a few steps at a time. */
async function dragHandle(page: Page, alias: string, onto: string) {
  const handle = page.getByRole('button', { name: new RegExp(`^Move work ${alias},`) });
  const target = page.getByRole('button', { name: new RegExp(`^Move work ${onto},`) });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
}

/** Waits until every work's thumbnail has loaded, so axe sees the page at rest. */
async function picturesLoaded(page: Page) {
  const pictures = page.getByRole('list', { name: 'Your ranking, best first' }).locator('img');
  await expect
    .poll(() =>
      pictures.evaluateAll((imgs) =>
        imgs.every(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);
}

test('jurors rank the shortlist by keyboard, mouse and buttons; the admin reads the Schulze result', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const round = await jury.openRoundWithThreeJurors(baseURL!, request, 3);
  const jurors = await Promise.all(
    round.jurors.map((juror) => jury.acceptedJuror(baseURL!, request, juror)),
  );
  for (const [i, juror] of jurors.entries()) {
    await jury.scoreAllThroughApi(juror.api, round.roundId, round.criteria, i + 1);
    await juror.api.dispose();
  }
  const admin = await jury.adminApi(baseURL!);
  const rounds = `/api/admin/competitions/${round.competitionId}/rounds`;
  expect((await admin.post(`${rounds}/${round.roundId}/close`)).status()).toBe(200);

  // The admin makes round 2 a ranking ballot of the best three, and opens it.
  await openAdminScreen(page, `/admin/judging/${round.competitionId}`, `Judging: ${round.title}`);
  const form = page.getByRole('form', { name: 'Create round 2' });
  await form
    .getByRole('group', { name: 'How round 2 is judged' })
    .getByLabel('A ranking ballot')
    .check();
  await form.getByRole('spinbutton', { name: 'How many entries (K)' }).fill('3');
  await form.getByRole('button', { name: 'Create round 2' }).click();
  await expect(toast(page, 'Round 2 created as a draft.')).toBeVisible();
  const round2 = rowOf(page.getByRole('table', { name: 'Rounds, first first' }), 'Round 2');
  await round2.getByRole('button', { name: 'Open round 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open round 2' });
  await dialog.getByRole('button', { name: 'Open round', exact: true }).click();
  await expect(toast(page, 'Round 2 opened.')).toBeVisible();
  const roundsList = await (await admin.get(rounds)).json();
  const rankingRoundId = (roundsList as { id: string; number: number }[]).find(
    (r) => r.number === 2,
  )!.id;

  // Juror A, at a desk, from the keyboard alone: the third work to the top by its handle.
  const desk = await jury.jurorBrowser(browser, baseURL!);
  await desk.page.emulateMedia({ reducedMotion: 'reduce' });
  await signInThroughApi(desk.page.request, jurors[0]!.credentials);
  await desk.page.goto('/jury');
  await expectPageHeading(desk.page, 'Your rounds');
  const card = desk.page.getByRole('region', { name: `${round.title}: round 2` });
  await tabTo(desk.page, card.getByRole('link', { name: 'Rank the works' }));
  await desk.page.keyboard.press('Enter');
  await expectPageHeading(desk.page, 'Rank the works');
  const [p, q, r] = await orderShown(desk.page);
  await tabTo(desk.page, desk.page.getByRole('button', { name: `Move work ${r}, place 3 of 3` }));
  await desk.page.keyboard.press('Space');
  await expect(dragNews(desk.page)).toContainText(`Picked up work ${r}, place 3 of 3.`);
  await pressForNews(desk.page, 'ArrowUp', `Work ${r} is over place 2 of 3.`);
  await pressForNews(desk.page, 'ArrowUp', `Work ${r} is over place 1 of 3.`);
  await pressForNews(desk.page, 'Space', `Work ${r} dropped at place 1 of 3.`);
  expect(await orderShown(desk.page)).toEqual([r, p, q]);
  // And by the mouse: q dragged by its handle above p.
  await dragHandle(desk.page, q!, p!);
  await expect(dragNews(desk.page)).toContainText(`Work ${q} dropped at place 2 of 3.`);
  expect(await orderShown(desk.page)).toEqual([r, q, p]);
  await tabTo(desk.page, desk.page.getByRole('button', { name: 'Save ranking' }));
  await desk.page.keyboard.press('Enter');
  await expect(desk.page.getByText('Your ranking is saved.')).toBeVisible();
  await picturesLoaded(desk.page);
  await expectNoAxeViolations(desk.page, 'the ranking ballot');
  expect(desk.unexpectedErrors()).toEqual([]);
  await desk.context.close();

  // Juror B, on a tablet, by the Move buttons: r first, then p, then q.
  const tablet = await browser.newContext({
    baseURL,
    viewport: { width: 820, height: 1180 },
    isMobile: true,
    hasTouch: true,
  });
  const tabletPage = await tablet.newPage();
  await signInThroughApi(tabletPage.request, jurors[1]!.credentials);
  await tabletPage.goto(`/jury/rounds/${rankingRoundId}/ballot`);
  await expectPageHeading(tabletPage, 'Rank the works');
  const wanted = [r!, p!, q!];
  for (const [place, alias] of wanted.entries()) {
    while ((await orderShown(tabletPage)).indexOf(alias) > place) {
      const before = (await orderShown(tabletPage)).indexOf(alias);
      const up = tabletPage.getByRole('button', { name: `Move up work ${alias}` });
      const box = (await up.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      await up.tap();
      await expect(
        tabletPage.getByText(`Work ${alias} moved to place ${before} of 3.`),
      ).toBeAttached();
    }
  }
  expect(await orderShown(tabletPage)).toEqual(wanted);
  await tabletPage.getByRole('button', { name: 'Save ranking' }).tap();
  await expect(tabletPage.getByText('Your ranking is saved.')).toBeVisible();
  await tablet.close();

  // Two ballots: r beats both; p and q are level (one ballot each way), a tie the rules break.
  const ranking = (await (
    await admin.get(`${rounds}/${rankingRoundId}/ranking`)
  ).json()) as Ranking;
  await admin.dispose();
  const ref = (alias: string) => ranking.candidates.find((c) => c.alias === alias)!.reference;
  await page.goto(`/admin/judging/${round.competitionId}/rounds/${rankingRoundId}`);
  await expectPageHeading(page, 'Round 2');
  await expect(page.getByText('Ballots saved: 2 of 3 jurors')).toBeVisible();
  const table = page.getByRole('table', { name: /^Ranking by the Schulze method/ });
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).getByRole('cell')).toHaveText(['1', /./, '2', 'No tie.']);
  await expect(rows.nth(0).getByRole('rowheader')).toHaveText(ref(r!));
  const tied = [ref(p!), ref(q!)];
  for (const n of [1, 2]) {
    const row = rows.nth(n);
    await expect(row.getByRole('cell').first()).toHaveText(String(n + 1));
    expect(tied).toContain(await row.getByRole('rowheader').textContent());
    await expect(row.getByRole('cell').last()).toHaveText(
      /^Level with WS-\d{4}-\d{6} by the ballots\. Tie (broken by the higher normalised mean in the previous round \(-?\d+\.\d{2} vs -?\d+\.\d{2}\)|broken by the earlier entry)\.$/,
    );
  }
  const pairwise = page.getByRole('table', {
    name: 'Ballots preferring the row’s entry to the column’s',
  });
  // r wins both of its pairs: bold, and "(wins)" to a screen reader.
  await expect(rowOf(pairwise, ref(r!)).getByRole('cell')).toHaveText([
    '—itself',
    '2 (wins)',
    '2 (wins)',
  ]);
  // p against r: no ballot; p against q: one ballot (and q against p the other).
  for (const alias of [p!, q!]) {
    const cells = rowOf(pairwise, ref(alias)).getByRole('cell');
    await expect(cells.filter({ hasText: /^0$/ })).toHaveCount(1);
    await expect(cells.filter({ hasText: /^1$/ })).toHaveCount(1);
  }
  await page.getByText('Strongest paths behind the ranking').click();
  const strongest = page.getByRole('table', {
    name: 'Strongest path from the row’s entry to the column’s',
  });
  await expect(rowOf(strongest, ref(r!)).getByRole('cell')).toHaveText([
    '—itself',
    '2 (wins)',
    '2 (wins)',
  ]);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectNoAxeViolations(page, 'the ranking of a round');
});
