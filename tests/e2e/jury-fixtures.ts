/*
 * What the jury journeys share: a competition of their own with approved entries, three invited
 * jurors, its judging set up and round 1 open, made through the API as the admin's and the juror's
 * screens call it; the juror's own browser, its console watched; and the screens' parts.
 */
import { randomBytes } from 'node:crypto';
import type {
  APIRequestContext,
  APIResponse,
  Browser,
  BrowserContext,
  Locator,
  Page,
} from '@playwright/test';
import { apiSignedInAs, FIRST_ADMIN, openAdminScreen, OURS } from './admin-fixtures.ts';
import { DEMO, type ExpectedConsoleError, expect, getCategories } from './fixtures.ts';
import { nextClientAddress, type Receipt, registerThroughApi } from './registration-fixtures.ts';

/** Every journey's two criteria, in the jurors' order. */
export const CRITERIA = [
  { name: 'Composition', weight: 2, scaleMin: 1, scaleMax: 10, required: true },
  { name: 'Technique', weight: 1, scaleMin: 1, scaleMax: 5, required: true },
] as const;
/** The invitation e-mail's subject, whatever the site's title (jurors.service.ts). */
export const INVITATION_SUBJECT = /^You are invited to judge at /;
/** The scores CSV's columns. */
export const CSV_HEADER = ['Reference', 'Alias', 'Juror', 'Criterion', 'Weight', 'Score', 'Scale'];

export type Juror = { id: string; name: string; username: string; email: string };
export type Criterion = { id: string; name: string; scaleMin: number; scaleMax: number };
export type Credentials = { username: string; password: string };

/** A random tag for this test's names, so journeys side by side never meet. */
export const newTag = () => randomBytes(3).toString('hex');
/** A password the admins' rule takes (12 characters or more, not the username). */
export const newPassword = () => `pw-${randomBytes(12).toString('hex')}`;
/** This test's juror `label` ('A', 'B', ...); their username is the e-mail's local part. */
export const jurorNamed = (tag: string, label: string) => ({
  name: `Juror ${label} ${tag}`,
  email: `juror-${label.toLowerCase()}-${tag}@example.com`,
});
/** The first admin's own API client. Dispose of it when done. */
export const adminApi = (baseURL: string) => apiSignedInAs(baseURL, FIRST_ADMIN);

async function json<T>(response: APIResponse, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** A free competition in the demo's Painting category, open from yesterday for a year. */
export async function createCompetition(
  api: APIRequestContext,
  request: APIRequestContext,
  title: string,
): Promise<string> {
  const categories = await getCategories(request);
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const data = {
    title,
    description: 'A competition for the jury journeys.',
    categoryId: categories.find((c) => c.name === DEMO.categories.painting.name)?.id,
    startDate: day(-1),
    endDate: day(365),
    entryType: 'free',
  };
  return (await json<{ id: string }>(await api.post('/api/admin/competitions', { data }), 201)).id;
}

/** `count` entries registered through the API side by side, each approved by the admin. */
export async function approvedEntries(
  api: APIRequestContext,
  request: APIRequestContext,
  title: string,
  tag: string,
  count: number,
): Promise<Receipt[]> {
  const receipts = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      registerThroughApi(request, title, {
        fullName: `Artist ${i + 1} ${tag}`,
        email: `artist-${i + 1}-${tag}@example.com`,
      }),
    ),
  );
  for (const { id } of receipts) {
    const data = { status: 'approved' };
    await json(await api.put(`/api/admin/submissions/${id}/status`, { data }), 200);
  }
  return receipts;
}

/** The token after '#' of the invitation link in an e-mail's text. */
export function tokenOfLink(text: string): string {
  const token = /\/jury\/invitation#([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];
  if (!token) throw new Error(`No invitation link in:\n${text}`);
  return token;
}

/** The token of the invitation e-mailed to `email`, read through the outbox's API. */
export async function invitationToken(api: APIRequestContext, email: string): Promise<string> {
  type Page = {
    total: number;
    pageSize: number;
    messages: { id: string; kind: string; to: string }[];
  };
  for (let page = 1; ; page++) {
    const list = await json<Page>(await api.get(`/api/admin/outbox?page=${page}`), 200);
    const found = list.messages.find((m) => m.kind === 'juror-invitation' && m.to === email);
    if (found) {
      return tokenOfLink(
        (await json<{ text: string }>(await api.get(`/api/admin/outbox/${found.id}`), 200)).text,
      );
    }
    if (page * list.pageSize >= list.total) throw new Error(`No invitation to ${email}`);
  }
}

/**
 * Accepts the juror's invitation as its page does (looked up, then a password set), from an
 * address of its own (each address has 20 tries with invitation links in 15 minutes); their
 * credentials, and their own API client signed in with them (dispose of it when done).
 */
export async function acceptedJuror(
  baseURL: string,
  request: APIRequestContext,
  juror: Juror,
): Promise<{ credentials: Credentials; api: APIRequestContext }> {
  const admin = await adminApi(baseURL);
  const token = await invitationToken(admin, juror.email);
  await admin.dispose();
  const credentials = { username: juror.username, password: newPassword() };
  const headers = { ...OURS, 'x-forwarded-for': nextClientAddress() };
  const invitations = '/api/juror-invitations';
  await json(await request.post(`${invitations}/lookup`, { headers, data: { token } }), 200);
  const accept = { token, password: credentials.password };
  const accepted = await request.post(`${invitations}/accept`, { headers, data: accept });
  expect(accepted.status(), await accepted.text()).toBe(204);
  return { credentials, api: await apiSignedInAs(baseURL, credentials) };
}

/** A competition with four approved entries (or `entryCount`), three jurors invited, round 1 open. */
export interface OpenRound {
  tag: string;
  title: string;
  competitionId: string;
  roundId: string;
  entries: Receipt[];
  jurors: Juror[];
  criteria: Criterion[];
}

export async function openRoundWithThreeJurors(
  baseURL: string,
  request: APIRequestContext,
  entryCount = 4,
): Promise<OpenRound> {
  const tag = newTag();
  const title = `Jury Journey ${tag}`;
  const api = await adminApi(baseURL);
  const competitionId = await createCompetition(api, request, title);
  const entries = await approvedEntries(api, request, title, tag, entryCount);
  const jurors: Juror[] = [];
  for (const label of ['A', 'B', 'C']) {
    jurors.push(
      await json<Juror>(await api.post('/api/admin/jurors', { data: jurorNamed(tag, label) }), 201),
    );
  }
  const competition = `/api/admin/competitions/${competitionId}`;
  const setup = {
    criteria: CRITERIA,
    panel: jurors.map((j) => j.id),
    jurorsPerEntry: 2,
    publishJury: false,
  };
  const saved = await api.put(`${competition}/judging`, { data: setup });
  const { criteria } = await json<{ criteria: Criterion[] }>(saved, 200);
  const round = await json<{ id: string }>(
    await api.post(`${competition}/rounds`, { data: {} }),
    201,
  );
  await json(await api.post(`${competition}/rounds/${round.id}/open`), 200);
  await api.dispose();
  return { tag, title, competitionId, roundId: round.id, entries, jurors, criteria };
}

export type Progress = { jurorId: string; done: number; assigned: number };

/** Each juror's progress in the round, as the admin's API gives it. */
export async function roundProgress(api: APIRequestContext, round: OpenRound) {
  return (await json<{ progress: Progress[] }>(await api.get(roundApi(round)), 200)).progress;
}

/** The juror's first work not scored yet, as their API lists their round. */
export async function nextWork(juror: APIRequestContext, roundId: string) {
  const rounds = await json<{ id: string; nextAlias: string | null }[]>(
    await juror.get('/api/jury/rounds'),
    200,
  );
  return rounds.find((r) => r.id === roundId)?.nextAlias ?? null;
}

/** Whether the juror has the work with this alias (a work not theirs does not exist: 404). */
export async function hasWork(juror: APIRequestContext, roundId: string, alias: string) {
  const response = await juror.get(`/api/jury/rounds/${roundId}/works/${alias}`);
  expect([200, 404], await response.text()).toContain(response.status());
  return response.status() === 200;
}

/** Scores every work left to the juror through their API, scores varying with alias and `seed`. */
export async function scoreAllThroughApi(
  juror: APIRequestContext,
  roundId: string,
  criteria: Criterion[],
  seed: number,
): Promise<void> {
  for (let alias = await nextWork(juror, roundId); alias; alias = await nextWork(juror, roundId)) {
    const n = Number(alias.slice(1)) + seed;
    const scores = Object.fromEntries(
      criteria.map((c, i) => [c.id, c.scaleMin + ((n * (i + 2)) % (c.scaleMax - c.scaleMin + 1))]),
    );
    const data = { scores, comment: `Seen by juror ${seed}.` };
    await json(await juror.put(`/api/jury/rounds/${roundId}/works/${alias}/scores`, { data }), 200);
  }
}

/** The scores CSV's rows after its byte-order mark and header (which must be CSV_HEADER). */
export function scoreRows(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF'), 'a UTF-8 byte-order mark').toBe(true);
  // No cell here needs quoting: names, aliases, references, numbers and scales.
  expect(csv).not.toContain('"');
  const [header, ...rows] = csv
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
  expect(header).toEqual(CSV_HEADER);
  return rows;
}

/** A browser of the juror's own, phone-sized when asked; `unexpectedErrors` of its console. */
export async function jurorBrowser(
  browser: Browser,
  baseURL: string,
  { phone = false, expected = [] as ExpectedConsoleError[] } = {},
): Promise<{ context: BrowserContext; page: Page; unexpectedErrors: () => string[] }> {
  const size = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const context = await browser.newContext({ baseURL, ...(phone ? size : {}) });
  const page = await context.newPage();
  // The suite's `test` watches its own page's console only: this one's is watched here alike.
  const errors: string[] = [];
  const matches = (pattern: string | RegExp, value: string) =>
    typeof pattern === 'string' ? pattern === value : pattern.test(value);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    if (expected.some((e) => matches(e.text, message.text()) && matches(e.url, url))) return;
    errors.push(`console.error at ${page.url()}: ${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught exception: ${error.message}`));
  return { context, page, unexpectedErrors: () => [...errors] };
}

/** A toast of success (the error toasts are alerts). */
export const toast = (page: Page, text: string) =>
  page.getByRole('status').getByText(text, { exact: true });
/** A table's row by its row header. */
export const rowOf = (table: Locator, header: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: header }) });
/** The round's screen, and the round in the admin's API. */
export const roundPath = (round: OpenRound) =>
  `/admin/judging/${round.competitionId}/rounds/${round.roundId}`;
export const roundApi = (round: OpenRound) =>
  `/api/admin/competitions/${round.competitionId}/rounds/${round.roundId}`;

/** Opens the invitation to `email` in the Outbox, as the admin reads it; its text. */
export async function readInvitation(page: Page, email: string): Promise<string> {
  await openAdminScreen(page, '/admin/outbox', 'Outbox');
  const subject = page
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('button', { name: INVITATION_SUBJECT });
  await subject.click();
  const dialog = page.getByRole('dialog', { name: INVITATION_SUBJECT });
  const text = dialog.getByRole('region', { name: 'Message text' });
  await expect(text).toContainText('/jury/invitation#');
  return (await text.textContent()) ?? '';
}
