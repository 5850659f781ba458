/*
 * The jury, end to end: the admin invites jurors, sets up a competition's judging and opens round
 * 1; a juror accepts the e-mailed invitation on a phone (which signs them in: no second sign-in)
 * and scores every work from the keyboard, then signs out to the jury's own sign-in; a
 * juror declares a conflict, the work passes to another juror, and the admin reads the results
 * and downloads every score. Each journey makes its own competition and jurors through the API
 * (journeys beside it invite jurors too: every list is read for this one's own).
 */
import { readFile } from 'node:fs/promises';
import { openAdminScreen, SIGNED_OUT_CHECK, signInThroughApi } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, expectPageHeading, test } from './fixtures.ts';
import * as jury from './jury-fixtures.ts';
import { rowOf, roundPath, toast } from './jury-fixtures.ts';
import { tabTo } from './registration-fixtures.ts';

test('the admin invites three jurors, sets up the judging and opens round 1', async ({
  page,
  request,
  baseURL,
}) => {
  const tag = jury.newTag();
  const title = `Jury Set-up ${tag}`;
  const api = await jury.adminApi(baseURL!);
  const competitionId = await jury.createCompetition(api, request, title);
  await jury.approvedEntries(api, request, title, tag, 4);
  await api.dispose();
  const jurors = ['A', 'B', 'C'].map((label) => jury.jurorNamed(tag, label));

  await openAdminScreen(page, '/admin/jurors', 'Jurors');
  const form = page.getByRole('form', { name: 'Invite juror' });
  for (const { name, email } of jurors) {
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await form.getByRole('button', { name: 'Invite juror' }).click();
    await expect(toast(page, `Juror ${name} invited. The invitation is on its way.`)).toBeVisible();
    const row = rowOf(page.getByRole('table', { name: 'Jurors, by name' }), name);
    const username = email.split('@')[0]!;
    await expect(row.getByRole('cell')).toHaveText([username, email, 'Pending', 'Off', /Remove/]);
  }

  // Two criteria, the panel of three, two jurors per entry.
  await page.goto(`/admin/judging/${competitionId}`);
  await expectPageHeading(page, `Judging: ${title}`);
  const setup = page.getByRole('form', { name: 'Judging set-up' });
  for (const [n, { name, weight, scaleMax }] of jury.CRITERIA.entries()) {
    await setup.getByRole('button', { name: 'Add criterion' }).click();
    const criterion = setup.getByRole('group', { name: `Criterion ${n + 1}`, exact: true });
    await criterion.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await criterion.getByRole('spinbutton', { name: 'Weight' }).fill(String(weight));
    await criterion.getByRole('spinbutton', { name: 'Lowest score' }).fill('1');
    await criterion.getByRole('spinbutton', { name: 'Highest score' }).fill(String(scaleMax));
  }
  for (const { name } of jurors) {
    await setup.getByRole('checkbox', { name: new RegExp(`^${name} \\(`) }).check();
  }
  await setup.getByRole('spinbutton', { name: 'Jurors per entry' }).fill('2');
  await setup.getByRole('button', { name: 'Save set-up' }).click();
  await expect(toast(page, 'Judging set-up saved')).toBeVisible();

  // Round 1 takes the four approved entries; opening it, once confirmed, assigns them.
  await page.getByRole('button', { name: 'Create round 1' }).click();
  await expect(toast(page, 'Round 1 created as a draft.')).toBeVisible();
  const round1 = rowOf(page.getByRole('table', { name: 'Rounds, first first' }), 'Round 1');
  await expect(round1.getByRole('cell').nth(0)).toHaveText('Draft');
  await expect(round1.getByRole('cell').nth(1)).toHaveText('4');
  await round1.getByRole('button', { name: 'Open round 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open round 1' });
  await expect(dialog).toContainText('The criteria can no longer change.');
  await dialog.getByRole('button', { name: 'Open round', exact: true }).click();
  await expect(toast(page, 'Round 1 opened.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(round1.getByRole('cell').nth(0)).toHaveText('Open');
  await expect(setup.getByText('A round has opened: the criteria are fixed')).toBeVisible();

  // Each entry went to two of the three jurors: 8 works, loads of 3, 3 and 2.
  await round1.getByRole('link', { name: 'View round 1' }).click();
  await expectPageHeading(page, 'Round 1');
  await expect(page.getByText('Overall: 0% scored (0 of 8 works)')).toBeVisible();
  const progress = page.getByRole('table', { name: 'Progress by juror' });
  await expect(progress.getByRole('rowheader')).toHaveCount(3);
  const names = await progress.getByRole('rowheader').allInnerTexts();
  expect(names.sort()).toEqual(jurors.map((j) => j.name));
  const scored = await progress.getByRole('row').filter({ hasText: tag }).allInnerTexts();
  expect(scored.map((row) => /0 \/ (\d)/.exec(row)?.[1]).sort()).toEqual(['2', '3', '3']);
});

test('a juror accepts the invitation on a phone, is signed in by it and scores every work from the keyboard', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const round = await jury.openRoundWithThreeJurors(baseURL!, request);
  const juror = round.jurors[0]!;
  const text = await jury.readInvitation(page, juror.email);
  expect(text).toContain(`Dear ${juror.name},`);
  expect(text).toContain(`Your username: ${juror.username}`);

  const phone = await jury.jurorBrowser(browser, baseURL!, {
    phone: true,
    expected: [SIGNED_OUT_CHECK],
  });
  const jurorPage = phone.page;
  await jurorPage.goto(`/jury/invitation#${jury.tokenOfLink(text)}`);
  await expectPageHeading(jurorPage, `Welcome, ${juror.name}`);
  await expect(jurorPage.getByRole('textbox', { name: 'Username' })).toHaveValue(juror.username);
  const password = jury.newPassword();
  await jurorPage.getByLabel('Password', { exact: true }).fill(password);
  await jurorPage.getByLabel('Confirm password').fill(password);
  await jurorPage.getByRole('button', { name: 'Set password' }).click();
  // Signed in by the password just chosen: straight to the rounds, no second sign-in, and this
  // browser is now a known device.
  await expectPageHeading(jurorPage, 'Your rounds');
  await expect(jurorPage).toHaveURL(/\/jury$/);
  await expect(
    jurorPage
      .getByRole('status')
      .filter({ hasText: 'Your password is set, and you are signed in.' }),
  ).toBeVisible();
  const cookies = await phone.context.cookies();
  expect(cookies.map((c) => c.name).sort()).toEqual(
    expect.arrayContaining(['ws_device', 'ws_session']),
  );
  const card = jurorPage.getByRole('region', { name: `${round.title}: round 1` });
  await expect(card.getByText(/^0 of [23] scored$/)).toBeVisible();

  // From here the keyboard alone: Start, then each work's two scales and 'Save and next'.
  await tabTo(jurorPage, card.getByRole('link', { name: 'Start' }));
  await jurorPage.keyboard.press('Enter');
  const position = jurorPage.getByText(/^Work \d of \d$/);
  await expect(position).toHaveText(/^Work 1 of [23]$/);
  const total = Number((await position.textContent())!.slice(-1));
  // A number key gives that score; '0' is 10 on a scale of 1 to 10.
  const keys = ['73', '05', '42'];
  const given: string[] = [];
  for (let n = 1; n <= total; n++) {
    await expect(position).toHaveText(`Work ${n} of ${total}`);
    const alias = (await jurorPage.getByRole('heading', { level: 1 }).textContent())!.slice(5);
    for (const [i, { name }] of jury.CRITERIA.entries()) {
      const scale = jurorPage.getByRole('group', { name, exact: true });
      await tabTo(jurorPage, scale.getByRole('radio').first());
      const key = keys[n - 1]![i]!;
      await jurorPage.keyboard.press(key);
      const score = key === '0' ? '10' : key;
      await expect(scale.getByRole('radio', { name: score, exact: true })).toBeChecked();
      await expect(scale.getByRole('radio', { name: score, exact: true })).toBeFocused();
      given.push(`${alias} ${name} ${score}`);
    }
    await tabTo(jurorPage, jurorPage.getByRole('button', { name: 'Save and next' }));
    await jurorPage.keyboard.press('Enter');
    if (n < total) {
      const saved = jurorPage.getByRole('status').filter({ hasText: 'saved' });
      await expect(saved).toHaveText(`Scores for work ${alias} saved.`);
    }
  }
  await expectPageHeading(jurorPage, 'Your rounds');
  // The notice names its round; the round's card shows its own progress.
  await expect(
    jurorPage.getByRole('status').filter({ hasText: `${round.title}, round 1: All works scored` }),
  ).toBeVisible();
  await expect(card.getByText(`${total} of ${total} scored`)).toBeVisible();
  await expect(card.getByText('All works scored', { exact: true })).toBeVisible();

  // Signed out, the juror is at the jury's own sign-in, and back in with the password they chose.
  await jurorPage.getByRole('button', { name: 'Sign out' }).click();
  await expectPageHeading(jurorPage, 'Jury sign-in');
  await expect(jurorPage).toHaveURL(/\/jury\/sign-in$/);
  await expect(jurorPage).toHaveTitle(/^Jury sign-in/);
  await jurorPage.getByRole('textbox', { name: 'Username' }).fill(juror.username);
  await jurorPage.getByLabel('Password', { exact: true }).fill(password);
  await jurorPage.getByRole('button', { name: 'Sign in' }).click();
  await expectPageHeading(jurorPage, 'Your rounds');
  expect(phone.unexpectedErrors()).toEqual([]);
  await phone.context.close();

  // The server holds exactly the scores the keys gave.
  const admin = await jury.adminApi(baseURL!);
  const csv = await (await admin.get(`${jury.roundApi(round)}/scores.csv`)).text();
  const rows = jury.scoreRows(csv).filter(([, , name]) => name === juror.name);
  expect(
    rows.map(([, alias, , criterion, , score]) => `${alias} ${criterion} ${score}`).sort(),
  ).toEqual(given.sort());
  await admin.dispose();
});

const REASON = 'I taught this artist at a summer school last year.';

test('a juror declares a conflict; the work passes to another juror; the round shows every score', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const round = await jury.openRoundWithThreeJurors(baseURL!, request);
  const { roundId, criteria } = round;
  const [a, b, c] = await Promise.all(
    round.jurors.map(async (juror) => ({
      ...juror,
      ...(await jury.acceptedJuror(baseURL!, request, juror)),
    })),
  );
  const admin = await jury.adminApi(baseURL!);
  const before = await jury.roundProgress(admin, round);
  await admin.dispose();
  const load = (juror: { id: string }) => before.find((p) => p.jurorId === juror.id)!.assigned;

  // Juror B, in the browser, declares a conflict on their first work, with a reason.
  const desk = await jury.jurorBrowser(browser, baseURL!);
  await signInThroughApi(desk.page.request, b!.credentials);
  await desk.page.goto('/jury');
  await desk.page.getByRole('link', { name: 'Start' }).click();
  const heading = desk.page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Work W\d{3}$/);
  const alias = (await heading.textContent())!.slice(5);
  // Of A and C, the one without the work is the juror it must pass to.
  const receiver = (await jury.hasWork(a!.api, roundId, alias)) ? c! : a!;
  expect(await jury.hasWork(receiver.api, roundId, alias)).toBe(false);
  await desk.page.getByRole('button', { name: 'Declare a conflict' }).click();
  const dialog = desk.page.getByRole('dialog', { name: 'Declare a conflict' });
  await expect(dialog).toContainText(`cannot judge work ${alias} fairly`);
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
  await dialog.getByRole('button', { name: 'Declare the conflict' }).click();
  await expect(dialog).toBeHidden();
  await expect(heading).toHaveText(/^Work W\d{3}$/);
  await expect(heading).not.toHaveText(`Work ${alias}`);
  await expect(desk.page.getByText(`Work 1 of ${load(b!) - 1}`)).toBeVisible();
  await desk.page.getByRole('link', { name: 'Your rounds' }).click();
  const card = desk.page.getByRole('region', { name: `${round.title}: round 1` });
  await expect(card.getByText(`0 of ${load(b!) - 1} scored`)).toBeVisible();
  expect(desk.unexpectedErrors()).toEqual([]);
  await desk.context.close();
  expect(await jury.hasWork(b!.api, roundId, alias)).toBe(false);
  expect(await jury.hasWork(receiver.api, roundId, alias)).toBe(true);

  // Everyone scores what they have: the round is complete.
  for (const [i, juror] of [a!, b!, c!].entries()) {
    await jury.scoreAllThroughApi(juror.api, roundId, criteria, i + 1);
    await juror.api.dispose();
  }
  await openAdminScreen(page, roundPath(round), 'Round 1');
  await expect(page.getByText('Overall: 100% scored (8 of 8 works)')).toBeVisible();
  const progress = page.getByRole('table', { name: 'Progress by juror' });
  const cells = (juror: { name: string }) => rowOf(progress, juror.name).getByRole('cell');
  await expect(cells(b!).nth(0)).toHaveText(`${load(b!) - 1} / ${load(b!) - 1}`);
  await expect(cells(b!).nth(2)).toHaveText('1');
  await expect(cells(receiver).nth(0)).toHaveText(`${load(receiver) + 1} / ${load(receiver) + 1}`);
  await expect(cells(receiver).nth(2)).toHaveText('0');

  // The standings: each entry scored twice, the best normalised mean first.
  const standings = page.getByRole('table', { name: /^Standings, sorted by normalised mean/ });
  const rows = standings.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows).toHaveCount(4);
  const normalised = await rows.evaluateAll((trs) =>
    trs.map((tr) => tr.querySelectorAll('td')[3]?.textContent ?? ''),
  );
  expect(normalised).toEqual(normalised.map(() => expect.stringMatching(/^-?\d+\.\d{2}$/)));
  expect(normalised.map(Number)).toEqual(normalised.map(Number).sort((x, y) => y - x));
  for (const row of await rows.all()) {
    await expect(row.getByRole('cell').nth(4)).toHaveText('2');
    await expect(row.getByRole('cell').nth(7)).toHaveText('No');
  }
  const reference = (await rowOf(standings, alias).getByRole('cell').first().textContent())!;
  expect(round.entries.map((e) => e.reference)).toContain(reference);

  // The conflict B declared, for the admin.
  const conflicts = page.getByRole('table', { name: 'Conflicts declared' });
  const conflict = conflicts.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(conflict.getByRole('cell')).toHaveText([alias, reference, b!.name, REASON, /\d/]);

  // Every score: one row per entry, juror and criterion; none of B's for the work they left.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download scores (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('round-1-scores.csv');
  const csv = jury.scoreRows((await readFile(await download.path())).toString('utf8'));
  expect(csv).toHaveLength(4 * 2 * criteria.length);
  const keys = new Set(csv.map(([ref, , juror, criterion]) => `${ref} ${juror} ${criterion}`));
  expect(keys.size).toBe(csv.length);
  expect(new Set(csv.map(([ref]) => ref))).toEqual(new Set(round.entries.map((e) => e.reference)));
  const onWork = csv.filter(([ref, work]) => ref === reference && work === alias).map((r) => r[2]);
  expect(onWork).toContain(receiver.name);
  expect(onWork).not.toContain(b!.name);
  for (const [, , , criterion, weight, score, scale] of csv) {
    expect(jury.CRITERIA.map((c) => c.name)).toContain(criterion);
    const rule = jury.CRITERIA.find((c) => c.name === criterion)!;
    expect([weight, scale]).toEqual([String(rule.weight), `${rule.scaleMin}–${rule.scaleMax}`]);
    expect(Number(score)).toBeGreaterThanOrEqual(rule.scaleMin);
    expect(Number(score)).toBeLessThanOrEqual(rule.scaleMax);
  }
});

test("the admin's jury screens have no axe violations, light or dark", async ({
  page,
  request,
  baseURL,
}) => {
  // Several screens checked twice each; the judging screen now also holds the jury's feedback
  // and the round's end, and axe took more than 60 s of it on a busy machine.
  test.slow();
  const round = await jury.openRoundWithThreeJurors(baseURL!, request);
  // A's scores and B's conflict: every table of the round has rows.
  const a = await jury.acceptedJuror(baseURL!, request, round.jurors[0]!);
  await jury.scoreAllThroughApi(a.api, round.roundId, round.criteria, 1);
  const b = await jury.acceptedJuror(baseURL!, request, round.jurors[1]!);
  const first = await jury.nextWork(b.api, round.roundId);
  const path = `/api/jury/rounds/${round.roundId}/works/${first}/conflict`;
  expect((await b.api.post(path, { data: { reason: REASON } })).status()).toBe(200);
  await Promise.all([a.api.dispose(), b.api.dispose()]);
  await page.emulateMedia({ reducedMotion: 'reduce' });

  await openAdminScreen(page, '/admin/jurors', 'Jurors');
  const jurors = page.getByRole('table', { name: 'Jurors, by name' });
  await expect(rowOf(jurors, round.jurors[0]!.name)).toContainText('Accepted');
  await expectNoAxeViolations(page, '/admin/jurors');

  await page.goto(`/admin/judging/${round.competitionId}`);
  await expectPageHeading(page, `Judging: ${round.title}`);
  await expect(page.getByRole('group', { name: 'Criterion 2', exact: true })).toBeVisible();
  await expect(page.getByText('A round has opened: the criteria are fixed')).toBeVisible();
  await expectNoAxeViolations(page, 'the judging of a competition');

  await page.goto(roundPath(round));
  await expectPageHeading(page, 'Round 1');
  await expect(page.getByRole('table', { name: 'Conflicts declared' })).toBeVisible();
  await expectNoAxeViolations(page, 'a round');
});

test("the juror's screens have no axe violations on a phone, light or dark", async ({
  request,
  browser,
  baseURL,
}) => {
  const round = await jury.openRoundWithThreeJurors(baseURL!, request, 2);
  const a = await jury.acceptedJuror(baseURL!, request, round.jurors[0]!);
  await a.api.dispose();
  const admin = await jury.adminApi(baseURL!);
  const token = await jury.invitationToken(admin, round.jurors[1]!.email);
  await admin.dispose();
  const phone = await jury.jurorBrowser(browser, baseURL!, { phone: true });
  const jurorPage = phone.page;
  await jurorPage.emulateMedia({ reducedMotion: 'reduce' });

  await jurorPage.goto(`/jury/invitation#${token}`);
  await expectPageHeading(jurorPage, `Welcome, ${round.jurors[1]!.name}`);
  await expectNoAxeViolations(jurorPage, 'the invitation');

  await signInThroughApi(jurorPage.request, a.credentials);
  await jurorPage.goto('/jury');
  await expectPageHeading(jurorPage, 'Your rounds');
  await expect(jurorPage.getByRole('link', { name: 'Start' })).toBeVisible();
  await expectNoAxeViolations(jurorPage, '/jury');

  await jurorPage.getByRole('link', { name: 'Start' }).click();
  await expect(jurorPage.getByRole('heading', { level: 1 })).toHaveText(/^Work W\d{3}$/);
  // axe sees the page at rest, its picture in place.
  const picture = jurorPage.getByRole('button', { name: /^Zoom in/ }).locator('img');
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoAxeViolations(jurorPage, 'a work');

  await jurorPage.goto('/jury/account');
  await expectPageHeading(jurorPage, 'Account');
  await expect(jurorPage.getByRole('button', { name: /two-factor/i }).first()).toBeVisible();
  await expectNoAxeViolations(jurorPage, '/jury/account');
  expect(phone.unexpectedErrors()).toEqual([]);
  await phone.context.close();
});
