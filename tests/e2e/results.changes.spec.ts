/*
 * A competition's ending, judged to its results, on the demo competition (Monsoon Sketchbook 2026,
 * seeded with DEMO_JUROR_PASSWORD: twelve approved entries in an open round 1, jurors juror1-3).
 * The demo jurors score round 1 through the API; the admin closes it, makes round 2 a ranking
 * ballot of the best four and opens it; the jurors' ballots go in through the API; the admin closes
 * it and reads the Schulze ranking, takes the awards proposed from it and edits them so an artist
 * who withheld their name wins Third, and publishes behind the dialog's counts. The Outbox then
 * holds one results e-mail per entrant; a visitor follows 'Results' to the awards (axe clean, light
 * and dark) with the withheld name unsaid, and checks the First's certificate from its e-mail.
 */
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { apiSignedInAs, openAdminScreen } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, expectPageHeading, getCompetition, test } from './fixtures.ts';
import * as jury from './jury-fixtures.ts';
import { rowOf, toast } from './jury-fixtures.ts';

/** playwright.config.ts's DEMO_JUROR_PASSWORD: the demo jurors' password in this suite. */
const DEMO_JUROR_PASSWORD = 'e2e-demo-juror-password-not-secret';
const TITLE = 'Monsoon Sketchbook 2026';
const NAME_WITHHELD = "Name withheld at the artist's request";

/** Demo artists (src/server/features/demo/demo-judging.ts) the journey follows, by their work. */
const WINNERS = {
  first: { name: 'Meera Raghavan', work: 'Rain over the Ghats' },
  second: { name: 'Kabir Sethi', work: 'Umbrellas at the Market' },
  /** Shortlisted, proposed Third, and left without an award by the admin. */
  fourth: { name: 'Tara Kulkarni', work: 'Chai Stall in the Rain' },
  /** Chose 'anonymous': proposed an Honourable mention, made Third by the admin. */
  anonymous: { name: 'Nisha Choudhury', work: 'Fishermen Waiting' },
};
/** Chose 'none': never shown on the results page. */
const UNSHOWN = 'Ishita Banerjee';
const ARTIST_NAMES = (
  'Meera Raghavan, Kabir Sethi, Ananya Iyer, Rohan Malhotra, Ishita Banerjee, Vikram Nair, ' +
  'Tara Kulkarni, Arjun Pillai, Nisha Choudhury, Dev Rao, Sana Qureshi, Farhan Mistry'
).split(', ');
/** The demo's made-up addresses (demo-entries.ts). */
const emailOf = (name: string) => `${name.toLowerCase().replace(/ /g, '.')}@demo.invalid`;
/** The jurors' own order of the shortlist, best first. */
const BALLOT = [WINNERS.first, WINNERS.second, WINNERS.fourth, WINNERS.anonymous];

type Standing = { reference: string; alias: string; title: string };
type Round = { id: string; number: number };

async function json<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** Waits until every picture on the page has loaded, so axe sees the page at rest. */
async function picturesLoaded(page: Page) {
  const pictures = page.locator('main img');
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

/** What the serial tests pass on. */
const state = { competitionId: '', references: new Map<string, string>() };
const competitionApi = () => `/api/admin/competitions/${state.competitionId}`;

/** The round's entries by artwork title, as the admin's round screen lists them. */
async function entriesByWork(admin: APIRequestContext, roundId: string) {
  const detail = await json<{ standings: Standing[] }>(
    await admin.get(`${competitionApi()}/rounds/${roundId}`),
  );
  return new Map(detail.standings.map((s) => [s.title, s]));
}

/** The demo jurors' own API clients. Dispose of them when done. */
const demoJurors = (baseURL: string) =>
  Promise.all(
    ['juror1', 'juror2', 'juror3'].map((username) =>
      apiSignedInAs(baseURL, { username, password: DEMO_JUROR_PASSWORD }),
    ),
  );

/** Scores every work the juror has: the four of the shortlist 10, the others 3 to 7. */
async function scoreRoundOne(
  juror: APIRequestContext,
  roundId: string,
  criteria: string[],
  byWork: Map<string, Standing>,
) {
  const merit = new Map(
    [...byWork.values()].map((s, i) => [
      s.alias,
      BALLOT.some((w) => w.work === s.title) ? 10 : 3 + (i % 5),
    ]),
  );
  let alias: string | null;
  while ((alias = await jury.nextWork(juror, roundId))) {
    const data = { scores: Object.fromEntries(criteria.map((id) => [id, merit.get(alias!)])) };
    await json(await juror.put(`/api/jury/rounds/${roundId}/works/${alias}/scores`, { data }));
  }
}

/** Confirms the rounds table's Open or Close of round `n`, as the admin does it. */
async function moveRound(page: Page, action: 'Open' | 'Close', n: number) {
  const row = rowOf(page.getByRole('table', { name: 'Rounds, first first' }), `Round ${n}`);
  await row.getByRole('button', { name: `${action} round ${n}` }).click();
  const dialog = page.getByRole('dialog', { name: `${action} round ${n}` });
  await dialog.getByRole('button', { name: `${action} round`, exact: true }).click();
  await expect(toast(page, `Round ${n} ${action === 'Open' ? 'opened' : 'closed'}.`)).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('the admin takes the demo from its open round to a Schulze-ranked final', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  state.competitionId = (await getCompetition(request, TITLE)).id;
  const admin = await jury.adminApi(baseURL!);
  const rounds = await json<Round[]>(await admin.get(`${competitionApi()}/rounds`));
  expect(rounds.map((r) => r.number)).toEqual([1]);
  const roundOne = rounds[0]!.id;
  const firstEntries = await entriesByWork(admin, roundOne);
  expect(firstEntries.size).toBe(12);
  const judging = await admin.get(`${competitionApi()}/judging`);
  const criteria = (await json<{ criteria: { id: string }[] }>(judging)).criteria.map((c) => c.id);
  const jurors = await demoJurors(baseURL!);
  for (const juror of jurors) await scoreRoundOne(juror, roundOne, criteria, firstEntries);

  await openAdminScreen(page, `/admin/judging/${state.competitionId}`, `Judging: ${TITLE}`);
  await moveRound(page, 'Close', 1);
  const form = page.getByRole('form', { name: 'Create round 2' });
  await form
    .getByRole('group', { name: 'How round 2 is judged' })
    .getByLabel('A ranking ballot')
    .check();
  await form.getByLabel('Top K by weighted mean').check();
  await form.getByRole('spinbutton', { name: 'How many entries (K)' }).fill('4');
  await form.getByRole('button', { name: 'Create round 2' }).click();
  await expect(toast(page, 'Round 2 created as a draft.')).toBeVisible();
  await moveRound(page, 'Open', 2);

  // Every juror of the panel orders the shortlist; the third swaps the first two.
  const roundTwo = (await json<Round[]>(await admin.get(`${competitionApi()}/rounds`))).find(
    (r) => r.number === 2,
  )!.id;
  const shortlist = await entriesByWork(admin, roundTwo);
  expect([...shortlist.keys()].sort()).toEqual(BALLOT.map((w) => w.work).sort());
  for (const [title, s] of shortlist) state.references.set(title, s.reference);
  const aliases = BALLOT.map((w) => shortlist.get(w.work)!.alias);
  const ballots = [aliases, aliases, [aliases[1]!, aliases[0]!, ...aliases.slice(2)]];
  for (const [i, juror] of jurors.entries()) {
    const data = { ranking: ballots[i] };
    await json(await juror.put(`/api/jury/rounds/${roundTwo}/ballot`, { data }));
    await juror.dispose();
  }
  await admin.dispose();
  await moveRound(page, 'Close', 2);

  const roundRow = rowOf(page.getByRole('table', { name: 'Rounds, first first' }), 'Round 2');
  await roundRow.getByRole('link', { name: 'View round 2' }).click();
  await expectPageHeading(page, 'Round 2');
  await expect(page.getByText('Ballots saved: 3 of 3 jurors')).toBeVisible();
  const table = page.getByRole('table', { name: /^Ranking by the Schulze method/ });
  const ranked = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(ranked.getByRole('rowheader')).toHaveText(
    BALLOT.map((w) => state.references.get(w.work)!),
  );
  await expect(ranked.nth(0).getByRole('cell').first()).toHaveText('1');
});

test('the admin gives three awards, one to an artist who withheld their name, and publishes', async ({
  page,
}) => {
  const ref = (winner: { work: string }) => state.references.get(winner.work)!;
  await openAdminScreen(page, `/admin/judging/${state.competitionId}`, `Judging: ${TITLE}`);
  await page.getByRole('button', { name: 'Propose from the last closed round' }).click();
  await expect(toast(page, 'Awards proposed from round 2. Save to keep them.')).toBeVisible();
  const awards = page.getByRole('table', { name: 'Awards, in the order they are shown' });
  const titleOf = (winner: { work: string }) =>
    awards.getByRole('combobox', { name: `Award title for ${ref(winner)}` });
  await expect(awards.getByRole('rowheader')).toHaveText(BALLOT.map(ref));
  await expect(titleOf(WINNERS.fourth)).toHaveValue('Third');
  await expect(titleOf(WINNERS.anonymous)).toHaveValue('Honourable mention');

  // The fourth of the ranking stays shortlisted; the artist without a name takes Third.
  await awards.getByRole('button', { name: `Remove ${ref(WINNERS.fourth)}` }).click();
  await titleOf(WINNERS.anonymous).selectOption('Third');
  await awards
    .getByRole('textbox', { name: `Prize for ${ref(WINNERS.first)}` })
    .fill('₹20,000 and a solo show');
  await page.getByRole('button', { name: 'Save awards' }).click();
  await expect(toast(page, 'Awards saved.')).toBeVisible();
  await expect(awards.getByRole('rowheader')).toHaveText(
    [WINNERS.first, WINNERS.second, WINNERS.anonymous].map(ref),
  );
  await expect(titleOf(WINNERS.anonymous)).toHaveValue('Third');

  // Publish says what it will do first: three awards and one shortlisted, twelve e-mails.
  await page.getByRole('button', { name: 'Publish results…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish the results' });
  await expect(dialog).toContainText('4 winners and shortlisted, 12 participants, 12 e-mails');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Results published: 12 e-mails queued.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'see the results page' })).toHaveAttribute(
    'href',
    `/competition/${state.competitionId}/results`,
  );

  // The Outbox: one results e-mail to each of the twelve, newest first on its first page.
  await page.goto('/admin/outbox');
  await expectPageHeading(page, 'Outbox');
  const subject = page.getByRole('button', { name: new RegExp(`^Results: ${TITLE}`) });
  const results = page.getByRole('row').filter({ has: subject });
  await expect(results).toHaveCount(12);
  const recipients: string[] = [];
  for (let i = 0; i < 12; i++) {
    recipients.push((await results.nth(i).getByRole('cell').nth(1).innerText()).trim());
  }
  expect(recipients.sort()).toEqual(ARTIST_NAMES.map(emailOf).sort());
  const toWinner = (winner: { name: string }) =>
    results.filter({ hasText: emailOf(winner.name) }).getByRole('button', { name: /^Results: / });
  await expect(toWinner(WINNERS.first)).toHaveText(
    `Results: ${TITLE}: your work won First (₹20,000 and a solo show)`,
  );
  await expect(toWinner(WINNERS.anonymous)).toHaveText(`Results: ${TITLE}: your work won Third`);
  await expect(toWinner(WINNERS.fourth)).toHaveText(`Results: ${TITLE}`);
});

test('a visitor reads the awards, a withheld name unsaid, and checks a certificate', async ({
  request,
  browser,
  baseURL,
}) => {
  // The First's certificate code, from the e-mail the admin's Outbox holds for her.
  const admin = await jury.adminApi(baseURL!);
  type Listing = { messages: { id: string; to: string; subject: string }[] };
  const { messages } = await json<Listing>(await admin.get('/api/admin/outbox?page=1'));
  const toFirst = messages.find(
    (m) => m.to === emailOf(WINNERS.first.name) && m.subject.startsWith('Results: '),
  )!;
  const { text } = await json<{ text: string }>(await admin.get(`/api/admin/outbox/${toFirst.id}`));
  await admin.dispose();
  const certificate = /\/certificates\/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\b/.exec(text)?.[0];
  expect(certificate, text).toBeDefined();

  // A visitor with a browser of their own: no session.
  const visitor = await jury.jurorBrowser(browser, baseURL!);
  const { page: tab } = visitor;
  await tab.goto(`/competition/${state.competitionId}`);
  await expectPageHeading(tab, TITLE);
  await tab.locator('#main').getByRole('link', { name: 'Results', exact: true }).click();
  await expect(tab).toHaveURL(`/competition/${state.competitionId}/results`);
  await expectPageHeading(tab, `Results: ${TITLE}`);
  const cards = tab.getByRole('list', { name: 'Awards' }).getByRole('listitem');
  const shown = [
    ['First', WINNERS.first.work, WINNERS.first.name],
    ['Second', WINNERS.second.work, WINNERS.second.name],
    ['Third', WINNERS.anonymous.work, NAME_WITHHELD],
  ];
  await expect(cards).toHaveCount(shown.length);
  for (const [i, [award, work, artist]] of shown.entries()) {
    await expect(cards.nth(i).getByRole('heading', { level: 2 })).toHaveText(award!);
    await expect(cards.nth(i)).toContainText(work!);
    await expect(cards.nth(i).getByText(artist!, { exact: true })).toBeVisible();
    await expect(cards.nth(i).getByRole('img', { name: `${work}, ${award}` })).toBeVisible();
  }
  await expect(cards.nth(0)).toContainText('Prize: ₹20,000 and a solo show');
  // Neither the artist who withheld her name nor the one who asked not to be shown is named.
  for (const name of [WINNERS.anonymous.name, UNSHOWN]) {
    await expect(tab.locator('body')).not.toContainText(name);
  }
  await picturesLoaded(tab);
  await expectNoAxeViolations(tab, 'the results page');

  await tab.goto(certificate!);
  await expectPageHeading(tab, 'This certificate is genuine');
  const facts = tab.getByRole('main').getByRole('definition');
  await expect(facts.nth(0)).toHaveText(WINNERS.first.name);
  await expect(facts.nth(1)).toHaveText(TITLE);
  await expect(facts.nth(2)).toHaveText('First');
  await expectNoAxeViolations(tab, 'the certificate page');
  const download = tab.getByRole('link', { name: 'Download the certificate (PDF)' });
  const pdf = await request.get((await download.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect(visitor.unexpectedErrors()).toEqual([]);
  await visitor.context.close();
});
