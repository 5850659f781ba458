/*
 * The published judging record, as an entrant checks it on a phone: the demo artist opens City
 * Lights 2026's results, follows the judging record's link, finds their work by its title in the
 * record's works and its two jurors' scores in the scores table (jurors by letter only), then
 * downloads the JSON file, whose SHA-256 is the one the results page printed, and finds the same
 * scores in it. axe clean on the record page, light and dark.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from './axe.ts';
import { expect, expectPageHeading, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const COMPETITION = 'City Lights 2026';
const MY_WORK = 'Crossing, Eleven at Night';

interface RecordFile {
  works: { key: string; title: string | null }[];
  rounds: {
    kind: string;
    sheets?: { work: string; juror: string; scores: (number | null)[]; weighted: number }[];
  }[];
}

test('an entrant downloads the judging record and finds their work’s scores', async ({ page }) => {
  await page.goto('/results');
  await page.getByRole('link', { name: `Results: ${COMPETITION}` }).click();
  await expectPageHeading(page, `Results: ${COMPETITION}`);
  const line = page.getByText('(the judging record). Its SHA-256:');
  const printed = ((await line.locator('code').textContent()) ?? '').trim();
  expect(printed).toMatch(/^[0-9a-f]{64}$/);

  await page.getByRole('link', { name: 'See how the jury ranked the works' }).click();
  await expectPageHeading(page, `Judging record: ${COMPETITION}`);
  await expect(page.getByText(printed)).toBeVisible();

  // The work's key, from the works table: its title in the row of that key.
  const works = page.getByRole('table', { name: 'The works and their titles' });
  const mine = works.getByRole('row').filter({ hasText: MY_WORK });
  await expect(mine).toHaveCount(1);
  const key = ((await mine.getByRole('rowheader').textContent()) ?? '').trim();
  expect(key).toMatch(/^Work \d+$/);
  const scores = page.getByRole('table', { name: 'Round 1: every score' });
  const myRows = scores
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: key, exact: true }) });
  await expect(myRows).toHaveCount(2);
  await expect(myRows.nth(0)).toContainText('Juror A');
  await expect(myRows.nth(1)).toContainText('Juror B');
  const pageText = (await page.locator('main').textContent()) ?? '';
  expect(pageText).not.toMatch(/City Lights Juror|citylights/);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the record (JSON)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^judging-record-.+\.json$/);
  const bytes = await readFile((await download.path())!);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(printed);
  const record = JSON.parse(bytes.toString('utf8')) as RecordFile;
  expect(record.works.find((w) => w.title === MY_WORK)?.key).toBe(key);
  const sheets = record.rounds[0]?.sheets?.filter((s) => s.work === key) ?? [];
  expect(sheets.map((s) => s.juror)).toEqual(['Juror A', 'Juror B']);
  for (const sheet of sheets) expect(sheet.scores).toHaveLength(1);

  // Nothing sticks out sideways on a phone: the wide tables scroll in their own frames.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'the judging record page');
});
