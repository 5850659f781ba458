/*
 * What the vote journeys share: a competition of their own whose exhibition takes votes (so
 * closing its vote or publishing its results never touches the demo's open exhibition, which
 * other journeys vote in), the code of a vote e-mail read through the Outbox's API, and a vote
 * cast through the API as the vote dialog casts it.
 */
import {
  type APIRequestContext,
  type APIResponse,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { OURS } from './admin-fixtures.ts';
import { appStarted, expect, expectPageHeading } from './fixtures.ts';
import { codeInMail } from '../setup/mailed-code.ts';

async function json<T>(response: APIResponse, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** The 6-digit code of the newest vote e-mail to `to`, read through the Outbox's API. */
export async function voteCodeTo(admin: APIRequestContext, to: string): Promise<string> {
  type Listing = {
    total: number;
    pageSize: number;
    messages: { id: string; kind: string; to: string }[];
  };
  for (let page = 1; ; page++) {
    const list = await json<Listing>(await admin.get(`/api/admin/outbox?page=${page}`), 200);
    const found = list.messages.find((m) => m.kind === 'vote-code' && m.to === to);
    if (found) {
      const message = await admin.get(`/api/admin/outbox/${found.id}`);
      const { text } = await json<{ text: string }>(message, 200);
      const code = codeInMail(text, 6);
      if (!code) throw new Error(`No code in ${text}`);
      return code;
    }
    if (page * list.pageSize >= list.total) throw new Error(`No vote code e-mailed to ${to}`);
  }
}

/** An instant `hours` from now, as the API takes it. */
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/**
 * Opens the competition's exhibition with every approved work, its vote open since an hour ago
 * until tomorrow, one vote a visitor; answers its works in the gallery's order, as the admin's
 * API lists them (with each work's entry).
 */
export async function exhibitionWithOpenVote(
  admin: APIRequestContext,
  competitionId: string,
  title: string,
): Promise<{ workId: string; submissionId: string; title: string; artist: string }[]> {
  const base = `/api/admin/competitions/${competitionId}/exhibition`;
  const data = {
    title,
    introduction: 'Works chosen for the people’s-choice journey.',
    votingOpensAt: hoursFromNow(-1),
    votingClosesAt: hoursFromNow(24),
    votesPerVisitor: 1,
  };
  await json(await admin.put(base, { data }), 200);
  await json(await admin.put(`${base}/works`, { data: { source: 'approved' } }), 200);
  type Works = { works: { workId: string; submissionId: string; title: string; artist: string }[] };
  return (await json<Works>(await admin.post(`${base}/open`), 200)).works;
}

/**
 * A vote for `workId` by `email`, through the API as the dialog sends it (a code asked for, read
 * from the Outbox, typed back, then the vote), from the client address `address`.
 */
export async function voteThroughApi(
  baseURL: string,
  admin: APIRequestContext,
  vote: { competitionId: string; workId: string; email: string; address: string },
): Promise<void> {
  const voter = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { ...OURS, 'x-forwarded-for': vote.address },
  });
  const { competitionId, email } = vote;
  await json(await voter.post('/api/votes/codes', { data: { competitionId, email } }), 202);
  const code = await voteCodeTo(admin, email);
  await json(await voter.post('/api/votes/confirm', { data: { email, code } }), 200);
  const cast = await voter.post(`/api/competitions/${competitionId}/votes`, {
    data: { workId: vote.workId },
  });
  await json(cast, 201);
  await voter.dispose();
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The gallery's button that asks to vote for the work titled `title`. */
export const voteButtonFor = (page: Page, title: string) =>
  page.getByRole('button', { name: new RegExp(`^Vote for this work\\W+${escaped(title)}$`) });

/**
 * A visitor votes in the gallery, as votes.changes.spec.ts does: the work's Vote button, their
 * address, the code the admin's Outbox shows was e-mailed, and the thanks.
 */
export async function voteInGallery(
  page: Page,
  admin: APIRequestContext,
  vote: { competitionId: string; gallery: string; workTitle: string; email: string },
): Promise<void> {
  await page.goto(`/exhibitions/${vote.competitionId}`);
  await expectPageHeading(page, vote.gallery);
  await appStarted(page);
  const dialog = page.getByRole('dialog', { name: `Vote for “${vote.workTitle}”` });
  // The gallery is drawn by the server and its route's code comes after the app starts: a tap
  // before that part has hydrated loads the work's page, whose script opens the vote.
  await voteButtonFor(page, vote.workTitle).click();
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByLabel('Your e-mail address').fill(vote.email);
  await dialog.getByRole('button', { name: 'Send me a code' }).click();
  await expect(dialog.getByRole('status')).toContainText('We have e-mailed you a 6-digit code');
  await dialog.getByLabel('Code from the e-mail').fill(await voteCodeTo(admin, vote.email));
  await dialog.getByRole('button', { name: 'Confirm and vote' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you: your vote is counted.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}
