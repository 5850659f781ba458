/*
 * The jury's feedback reaching the artist, on a phone: three jurors score a competition's two
 * works through their API, each with feedback for the artist; the admin gives an award and
 * publishes with the feedback released (through the API: the dialog has its own tests). The
 * results e-mail carries the feedback; the artist opens their entry page from their registration
 * e-mail's link and reads every juror's feedback
 * on their work, with no juror named (axe clean, light and dark).
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import * as jury from './jury-fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function json<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

const feedbackOf = (reader: number) => `Reader ${reader}: the horizon line is bold and sure.`;

/** Scores every work left to the juror, with feedback for the artist and a private comment. */
async function scoreWithFeedback(juror: APIRequestContext, round: jury.OpenRound, reader: number) {
  for (
    let alias = await jury.nextWork(juror, round.roundId);
    alias;
    alias = await jury.nextWork(juror, round.roundId)
  ) {
    const scores = Object.fromEntries(round.criteria.map((c) => [c.id, c.scaleMax]));
    const data = { scores, comment: `Private note ${reader}.`, feedback: feedbackOf(reader) };
    await json(
      await juror.put(`/api/jury/rounds/${round.roundId}/works/${alias}/scores`, { data }),
    );
  }
}

/** The text of the e-mail of a kind starting `kind` sent to `to`, read through the Outbox's API. */
async function emailTo(admin: APIRequestContext, kind: string, to: string): Promise<string> {
  type Page = {
    total: number;
    pageSize: number;
    messages: { id: string; kind: string; to: string }[];
  };
  for (let n = 1; ; n++) {
    const list = await json<Page>(await admin.get(`/api/admin/outbox?page=${n}`));
    const found = list.messages.find((m) => m.kind.startsWith(kind) && m.to === to);
    if (found)
      return (await json<{ text: string }>(await admin.get(`/api/admin/outbox/${found.id}`))).text;
    if (n * list.pageSize >= list.total) throw new Error(`No ${kind} e-mail to ${to}`);
  }
}

test('after Publish with feedback released, the artist reads it on their entry page', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const round = await jury.openRoundWithThreeJurors(baseURL!, request, 2);
  const jurors = [];
  for (const juror of round.jurors) jurors.push(await jury.acceptedJuror(baseURL!, request, juror));
  for (const [i, { api }] of jurors.entries()) {
    await scoreWithFeedback(api, round, i + 1);
    await api.dispose();
  }

  const admin = await jury.adminApi(baseURL!);
  const competition = `/api/admin/competitions/${round.competitionId}`;
  const winner = round.entries[0]!;
  const awards = [{ submissionId: winner.id, title: 'First', prize: '' }];
  await json(await admin.put(`${competition}/awards`, { data: { awards } }));
  await json(await admin.post(`${competition}/close-entries`));
  const preview = await json<{ feedbackWorks: number }>(await admin.get(`${competition}/results`));
  expect(preview.feedbackWorks).toBe(2);
  await json(
    await admin.post(`${competition}/results/publish`, { data: { releaseFeedback: true } }),
  );
  const artist = `artist-1-${round.tag}@example.com`;
  const results = await emailTo(admin, 'results-', artist);
  expect(results).toContain('The jury’s feedback on your entry');
  // The entry's link, as its registration e-mail gave it.
  const registered = await emailTo(admin, 'registration-confirmation', artist);
  await admin.dispose();
  const entryPath = /https?:\/\/[^/\s]+(\/entry#\S+)/.exec(registered)?.[1];
  expect(entryPath, registered).toBeTruthy();

  await page.goto(entryPath!);
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Your work won: First')).toBeVisible();
  const feedback = result.getByRole('region', { name: 'The jury’s feedback' });
  await feedback.scrollIntoViewIfNeeded();
  await expect(feedback).toBeVisible();
  const texts = feedback.getByRole('listitem');
  // Two jurors a work: two of the three readers' words, whichever two judged it.
  await expect(texts).toHaveCount(2);
  for (const text of await texts.allTextContents()) {
    expect(text).toMatch(/^Reader [1-3]: the horizon line is bold and sure\.$/);
  }
  const pageText = (await page.locator('main').textContent()) ?? '';
  for (const juror of round.jurors) {
    expect(pageText).not.toContain(juror.name);
    expect(pageText).not.toContain(juror.username);
  }
  expect(pageText).not.toContain('Private note');
  // Nothing sticks out sideways on a phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'the entry page with the jury’s feedback');
});
