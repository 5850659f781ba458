/*
 * The people's-choice vote to its end. Visitors vote on their phones (two in the gallery, four
 * more through the API, all behind one connection, so the Votes screen shows a cluster); the
 * admin closes the vote from the Exhibitions screen by moving its close into the past; the
 * gallery then offers no vote and the counts are public. On the Votes screen (axe clean, light
 * and dark, wide and phone-sized) the admin reads the counts and gives the People's Choice, and
 * the results page, published before the vote ended, shows it with the winning work.
 *
 * The competition is the journey's own, not the demo's open exhibition: votes.changes.spec.ts
 * votes there meanwhile, and its results could not be published while it takes entries.
 */
import type { APIResponse, Page } from '@playwright/test';
import { openAdminScreen } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { appStarted, expect, expectPageHeading, test } from './fixtures.ts';
import * as jury from './jury-fixtures.ts';
import { nextClientAddress } from './registration-fixtures.ts';
import {
  exhibitionWithOpenVote,
  voteButtonFor,
  voteInGallery,
  voteThroughApi,
} from './vote-fixtures.ts';

const PEOPLES_CHOICE = "People's Choice";

async function json<T>(response: APIResponse, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** One minute ago, as a datetime-local input takes it in the browser's own time zone. */
const aMinuteAgo = (page: Page) =>
  page.evaluate(() => {
    const at = new Date(Date.now() - 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  });

test('visitors vote, the admin closes the vote and gives the People’s Choice; the results show it', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Six voters, two screens and axe four times: it took 60 s at load 13.
  test.setTimeout(180_000);
  const tag = jury.newTag();
  const title = `Vote journey ${tag}`;
  const gallery = `Vote journey ${tag}: the exhibition`;
  const admin = await jury.adminApi(baseURL!);
  const competitionId = await jury.createCompetition(admin, request, title);
  await jury.approvedEntries(admin, request, title, tag, 3);
  const works = await exhibitionWithOpenVote(admin, competitionId, gallery);
  expect(works).toHaveLength(3);
  const [winner, runnerUp, juryPick] = works as [
    (typeof works)[number],
    (typeof works)[number],
    (typeof works)[number],
  ];
  // The jury's results are out before the vote ends, as with the demo's City Lights 2026.
  const competitionApi = `/api/admin/competitions/${competitionId}`;
  const juryAward = { submissionId: juryPick.submissionId, title: 'First', prize: '₹10,000' };
  await json(await admin.put(`${competitionApi}/awards`, { data: { awards: [juryAward] } }), 200);
  await json(await admin.post(`${competitionApi}/close-entries`), 200);
  await json(await admin.post(`${competitionApi}/results/publish`), 200);
  const counts = `/api/competitions/${competitionId}/votes/counts`;
  expect((await request.get(counts)).status(), 'counts hidden while voting runs').toBe(409);

  // Two visitors vote on their phones, behind one connection (a classroom's, say).
  const classroom = nextClientAddress();
  const phones = await Promise.all(
    [0, 1].map(async () => {
      const phone = await jury.jurorBrowser(browser, baseURL!, { phone: true });
      await phone.context.setExtraHTTPHeaders({ 'x-forwarded-for': classroom });
      return phone;
    }),
  );
  const [first, second] = phones as [(typeof phones)[0], (typeof phones)[0]];
  await voteInGallery(first.page, admin, {
    competitionId,
    gallery,
    workTitle: winner.title,
    email: `first-voter-${tag}@example.com`,
  });
  await voteInGallery(second.page, admin, {
    competitionId,
    gallery,
    workTitle: runnerUp.title,
    email: `second-voter-${tag}@example.com`,
  });
  // Four more from the same connection: 4 votes for the winner, 2 for the runner-up, in all.
  for (const [i, work] of [winner, winner, winner, runnerUp].entries()) {
    const email = `voter-${i + 3}-${tag}@example.com`;
    const vote = { competitionId, workId: work.workId, email, address: classroom };
    await voteThroughApi(baseURL!, admin, vote);
  }

  // The admin closes the vote: its close moved into the past on the Exhibitions screen.
  await openAdminScreen(page, '/admin/exhibitions', 'Exhibitions');
  await page.getByLabel('Competition').selectOption({ label: title });
  const form = page.getByRole('form', { name: 'Exhibition' });
  await expect(form.getByLabel('Title')).toHaveValue(gallery);
  await form.getByLabel('Voting closes').fill(await aMinuteAgo(page));
  await form.getByRole('button', { name: 'Save exhibition' }).click();
  await expect(jury.toast(page, 'Exhibition saved')).toBeVisible();

  // The gallery offers no vote now; a confirmed voter's vote and a new code are refused.
  await first.page.goto(`/exhibitions/${competitionId}`);
  await expectPageHeading(first.page, gallery);
  await appStarted(first.page);
  await expect(first.page.getByRole('list', { name: 'Works' }).getByRole('listitem')).toHaveCount(
    3,
  );
  await expect(first.page.getByRole('button', { name: /^Vote for this work/ })).toHaveCount(0);
  await expect(voteButtonFor(first.page, juryPick.title)).toHaveCount(0);
  const late = await second.page.request.post(`/api/competitions/${competitionId}/votes`, {
    data: { workId: juryPick.workId },
    headers: { 'x-requested-with': 'white-stroke' },
  });
  expect((await json<{ error: { code: string } }>(late, 409)).error.code).toBe('VOTING_CLOSED');
  // Anyone may now read the counts.
  const open = await json<{ works: { workId: string; votes: number }[] }>(
    await request.get(counts),
    200,
  );
  expect(open.works).toEqual([
    { workId: winner.workId, votes: 4 },
    { workId: runnerUp.workId, votes: 2 },
  ]);

  // The results page, published with the jury's award alone so far.
  await first.page.goto(`/competition/${competitionId}/results`);
  await expectPageHeading(first.page, `Results: ${title}`);
  const cards = first.page.getByRole('list', { name: 'Awards' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name: 'First' })).toBeVisible();

  // The Votes screen, reached from its list of competitions: the counts and the cluster.
  await page.goto('/admin/votes');
  await expectPageHeading(page, 'Votes');
  const picker = page.getByRole('form', { name: 'Choose a competition' });
  await picker.getByLabel('Competition', { exact: true }).selectOption({ label: title });
  await picker.getByRole('button', { name: 'Show votes' }).click();
  await expectPageHeading(page, `Votes: ${title}`);
  const vote = page.getByRole('region', { name: 'The vote' });
  await expect(vote).toContainText('Voting has closed.');
  await expect(vote).toContainText('6 votes counted, 0 voided.');
  const perWork = page.getByRole('table', { name: 'Counted votes per work' });
  const rows = perWork.locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('cell')).toHaveText([winner.title, '4']);
  await expect(rows.nth(1).getByRole('cell')).toHaveText([runnerUp.title, '2']);
  const clusters = page.getByRole('region', { name: 'Clusters that look organised' });
  await expect(clusters.getByText(/^6 votes: From one connection \(\w+\)$/)).toBeVisible();
  await expect(clusters.getByRole('button', { name: 'Void these votes' })).toBeVisible();
  const latest = page.getByRole('table', { name: 'The latest votes, newest first' });
  await expect(latest.locator('tbody').getByRole('row')).toHaveCount(6);
  await expect(vote).toContainText('The People’s Choice has not been given.');

  // The award, and the answer naming the work.
  await vote.getByRole('button', { name: 'Give the People’s Choice award' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'given to' })).toHaveText(
    `People’s Choice given to ${winner.title} (4 votes); 1 certificate issued.`,
  );
  await expect(vote).toContainText(`People’s Choice: ${winner.title}.`);
  await expect(vote.getByRole('button', { name: 'Give the People’s Choice again' })).toBeVisible();
  await expectNoAxeViolations(page, 'the Votes screen, closed, with its counts and cluster');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, 'the Votes screen on a phone');
  // Voiding the cluster asks for a reason first; its dialog passes too (nothing voided here).
  await clusters.getByRole('button', { name: 'Void these votes' }).click();
  const voiding = page.getByRole('dialog', { name: /^Void 6 votes: From one connection/ });
  await expect(voiding.getByLabel('Reason')).toBeVisible();
  await expectNoAxeViolations(page, 'the dialog voiding a cluster');
  await voiding.getByRole('button', { name: 'Cancel' }).click();
  await expect(voiding).toBeHidden();

  // The published results now show the People's Choice, with the winning work and its artist.
  await first.page.goto(`/competition/${competitionId}/results`);
  await expectPageHeading(first.page, `Results: ${title}`);
  await expect(cards).toHaveCount(2);
  const choice = cards.filter({
    has: first.page.getByRole('heading', { name: PEOPLES_CHOICE, exact: true }),
  });
  await expect(choice).toHaveCount(1);
  await expect(choice.getByText(winner.title, { exact: true })).toBeVisible();
  await expect(choice.getByText(winner.artist, { exact: true })).toBeVisible();

  await admin.dispose();
  for (const phone of phones) {
    expect(phone.unexpectedErrors(), 'a visitor’s phone logged errors').toEqual([]);
    await phone.context.close();
  }
});
