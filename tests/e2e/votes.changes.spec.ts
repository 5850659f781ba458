/*
 * The people's-choice vote on a phone: a visitor opens the open demo exhibition's gallery, asks
 * to vote for a work, enters their e-mail and the code the admin's Outbox shows was sent, and
 * their vote is counted; asking again, for the same work or another, is refused (one vote). The
 * dialog is axe clean, light and dark.
 */
import type { APIResponse } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, expectPageHeading, test } from './fixtures.ts';
import * as jury from './jury-fixtures.ts';
import { voteButtonFor, voteCodeTo } from './vote-fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function json<T>(response: APIResponse): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

test('a visitor votes with the e-mailed code, and is refused a second vote', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  type Archive = { current: { competitionId: string; title: string }[] };
  const archive = await json<Archive>(await request.get('/api/exhibitions'));
  const open = archive.current.find((e) => e.title === 'Rooftops and Rain: the exhibition');
  expect(open).toBeDefined();
  await page.goto(`/exhibitions/${open!.competitionId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Rooftops and Rain: the exhibition',
  );
  await expectNoAxeViolations(page, 'the gallery with its vote buttons');

  await page.getByRole('button', { name: /^Vote for this work\W+Wet Tin Roofs$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Vote for “Wet Tin Roofs”' });
  await expect(dialog).toBeVisible();
  const email = `voter-${Date.now()}@example.com`;
  const address = dialog.getByLabel('Your e-mail address');
  await expect(address).toBeFocused();
  await address.fill(email);
  await dialog.getByRole('button', { name: 'Send me a code' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'We have e-mailed you a 6-digit code. Enter it here within 15 minutes.',
  );
  await expectNoAxeViolations(page, 'the vote dialog’s code step');

  const admin = await jury.adminApi(baseURL!);
  const code = await voteCodeTo(admin, email);
  await admin.dispose();
  await dialog.getByLabel('Code from the e-mail').fill(code);
  await dialog.getByRole('button', { name: 'Confirm and vote' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you: your vote is counted.');
  await expectNoAxeViolations(page, 'the vote dialog, voted');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // One vote per visitor: the same work again, then another work.
  await page.getByRole('button', { name: /^Vote for this work\W+Wet Tin Roofs$/ }).click();
  await expect(dialog.getByRole('status')).toHaveText('You have already voted for this work.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page
    .getByRole('button', { name: /^Vote for this work\W+Terrace Garden in August$/ })
    .click();
  const other = page.getByRole('dialog', { name: 'Vote for “Terrace Garden in August”' });
  await expect(other.getByRole('status')).toHaveText(
    'You have used all your votes in this competition.',
  );
  // Asked directly, the server refuses too.
  const works = await json<{ works: { workId: string; title: string }[] }>(
    await request.get(`/api/exhibitions/${open!.competitionId}`),
  );
  const terrace = works.works.find((w) => w.title === 'Terrace Garden in August')!;
  const refused = await page.request.post(`/api/competitions/${open!.competitionId}/votes`, {
    data: { workId: terrace.workId },
    headers: { 'x-requested-with': 'white-stroke' },
  });
  expect(refused.status()).toBe(409);
});

test('a tap on Vote before the gallery’s script has run opens the vote on the work’s page', async ({
  page,
  request,
}) => {
  type Archive = { current: { competitionId: string; title: string }[] };
  const archive = await json<Archive>(await request.get('/api/exhibitions'));
  const open = archive.current.find((e) => e.title === 'Rooftops and Rain: the exhibition')!;
  // A slow phone: the page's scripts are held back, so the visitor taps the server's drawing.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.goto(`/exhibitions/${open.competitionId}`, { waitUntil: 'commit' });
  await expectPageHeading(page, 'Rooftops and Rain: the exhibition');
  await voteButtonFor(page, 'Wet Tin Roofs').click();
  release();

  // The work's own page, whose script opens the vote once it runs; the address forgets `?vote`.
  await expectPageHeading(page, 'Wet Tin Roofs');
  const dialog = page.getByRole('dialog', { name: 'Vote for “Wet Tin Roofs”' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your e-mail address')).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/exhibitions/${open.competitionId}/works/[0-9a-f-]+$`));
});
