import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  makeCategoryRow,
  makeCompetitionRow,
  makeSubmissionRow,
} from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  expectSessionRequired,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { adminApiPaths } from '../../../shared/api-paths.ts';
import {
  GROUP_MESSAGE_BODY_MAX,
  GROUP_MESSAGE_MAX_RECIPIENTS,
  GROUP_MESSAGE_SUBJECT_MAX,
  GROUP_MESSAGE_TEXT,
  type GroupMessagePreview,
  type GroupMessageResult,
} from '../../../shared/schemas/group-message.ts';
import type { SubmissionsTable } from '../../db/schema.ts';
import { GROUP_MESSAGE_KIND } from './group-messages.service.ts';

/*
 * "Message these entries" over HTTP, as the review's dialog calls it: the preview's count and
 * first message, one outbox message per entry of the view with its own link, once per request id
 * (twice in a row or at once), audited; an empty or oversized group and bad input write nothing.
 */

const t = useTestApp();
const db = () => t.app.deps.db;
const PREVIEW = adminApiPaths.groupMessagePreview;
const SEND = adminApiPaths.groupMessages;

let token: string;
beforeAll(async () => {
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

let competition: string;
let other: string;
/** The pending entries of `competition`, newest first; the second two share one address. */
let pending: Insertable<SubmissionsTable>[];

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();

beforeEach(async () => {
  for (const table of ['group_messages', 'email_outbox', 'audit_log', 'submissions'] as const) {
    await db().deleteFrom(table).execute();
  }
  await db().deleteFrom('competitions').execute();
  const category = makeCategoryRow();
  await db().insertInto('categories').values(category).execute();
  const a = makeCompetitionRow(category.id, { title: 'Monsoon Colours' });
  const b = makeCompetitionRow(category.id, { title: 'Winter Landscapes' });
  await db().insertInto('competitions').values([a, b]).execute();
  competition = a.id as string;
  other = b.id as string;
  const entry = (n: number, overrides: Partial<Insertable<SubmissionsTable>>) =>
    makeSubmissionRow({
      competition_id: competition,
      competition_title: 'Monsoon Colours',
      reference: `WS-2026-00010${n}`,
      created_at: at(n),
      ...overrides,
    });
  pending = [
    entry(3, { full_name: 'Meera Raghavan', email: 'meera@example.com' }),
    entry(2, { full_name: 'Kabir Sethi', email: 'kabir@example.com' }),
    entry(1, { full_name: 'Kabir Sethi', email: 'kabir@example.com' }),
  ];
  await db()
    .insertInto('submissions')
    .values([
      ...pending,
      entry(4, { full_name: 'Tara Kulkarni', email: 'tara@example.com', status: 'approved' }),
      entry(5, { competition_id: other, competition_title: 'Winter Landscapes' }),
    ])
    .execute();
});

const DRAFT = {
  subject: 'About your entry {reference}',
  body: 'Dear {name},\n\nPlease send us a larger photo for {competition}.\n\nYour entry: {entryLink}\n\n{siteTitle}',
};
const filters = () => ({ competition, status: 'pending' });
const preview = (payload: unknown) => asAdmin(t, token, 'POST', PREVIEW, payload);
const send = (payload: unknown) => asAdmin(t, token, 'POST', SEND, payload);

async function written() {
  const [messages, sends, audits] = await Promise.all([
    db()
      .selectFrom('email_outbox')
      .select(['kind', 'submission_id', 'to_address', 'subject', 'body_text', 'body_html'])
      .execute(),
    db().selectFrom('group_messages').selectAll().execute(),
    auditRowsOf(db(), 'submission.'),
  ]);
  return { messages, sends, audits };
}

/** The token of the entry link in a message's text. */
const tokenIn = (text: string) => /\/entry#(\S+)/.exec(text)?.[1];

describe(`a message to the entries of a view (${TEST_ENGINE})`, () => {
  it('previews the count and the first entry’s message, writing nothing', async () => {
    const response = await preview({ filters: filters(), ...DRAFT });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<GroupMessagePreview>();
    expect(answer.count).toBe(3);
    expect(answer.first).toMatchObject({
      reference: 'WS-2026-000103',
      to: 'meera@example.com',
      subject: 'About your entry WS-2026-000103',
    });
    expect(answer.first.text).toContain('Dear Meera Raghavan,');
    expect(answer.first.text).toContain('a larger photo for Monsoon Colours.');
    const link = tokenIn(answer.first.text);
    expect(await t.app.deps.entryTokens.verify(link)).toBe(pending[0]?.id);
    expect(await written()).toEqual({ messages: [], sends: [], audits: [] });
  });

  it('queues one message per entry, each with its own link, and audits the send', async () => {
    const requestId = randomUUID();
    const response = await send({ filters: filters(), ...DRAFT, requestId });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<GroupMessageResult>();
    expect(result).toMatchObject({ count: 3, repeated: false });
    const { messages, sends, audits } = await written();
    // Per entry, not per address: Kabir's two entries each get their own.
    expect(messages.map((m) => [m.submission_id, m.to_address]).sort()).toEqual(
      pending.map((p) => [p.id, p.email]).sort(),
    );
    for (const message of messages) {
      const entry = pending.find((p) => p.id === message.submission_id);
      expect(message.kind).toBe(GROUP_MESSAGE_KIND);
      expect(message.subject).toBe(`About your entry ${entry?.reference}`);
      expect(message.body_text).toContain(`Dear ${entry?.full_name},`);
      expect(await t.app.deps.entryTokens.verify(tokenIn(message.body_text))).toBe(entry?.id);
      expect(message.body_html).toMatch(/<a href="[^"]+\/entry#/);
    }
    expect(sends).toMatchObject([
      { id: result.id, request_id: requestId, subject: DRAFT.subject, recipient_count: 3 },
    ]);
    expect(audits).toMatchObject([
      { action: 'submission.message', actor: 'admin', entity_id: result.id },
    ]);
    expect(JSON.parse(audits[0]?.details ?? '{}')).toEqual({
      filters: { competition, status: 'pending', payment: 'all', withdrawn: 'hide' },
      count: 3,
      subject: DRAFT.subject,
    });
  });

  it('sends a request once, clicked twice in a row or twice at once', async () => {
    const requestId = randomUUID();
    const first = await send({ filters: filters(), ...DRAFT, requestId });
    const again = await send({ filters: filters(), ...DRAFT, requestId });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), repeated: true });
    const otherId = randomUUID();
    const both = await Promise.all([
      send({ filters: { competition: other }, ...DRAFT, requestId: otherId }),
      send({ filters: { competition: other }, ...DRAFT, requestId: otherId }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json<GroupMessageResult>().repeated).sort()).toEqual([false, true]);
    const { messages, sends, audits } = await written();
    expect(messages).toHaveLength(4);
    expect(sends).toHaveLength(2);
    expect(audits).toHaveLength(2);
  });

  it('refuses an empty group with 409, writing nothing', async () => {
    const empty = { ...filters(), q: 'nobody by this name' };
    for (const response of [
      await preview({ filters: empty, ...DRAFT }),
      await send({ filters: empty, ...DRAFT, requestId: randomUUID() }),
    ]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 'NO_RECIPIENTS', message: GROUP_MESSAGE_TEXT.empty },
      });
    }
    expect(await written()).toEqual({ messages: [], sends: [], audits: [] });
  });

  it(`refuses more than ${GROUP_MESSAGE_MAX_RECIPIENTS} entries with 409, writing nothing`, async () => {
    const many = Array.from({ length: GROUP_MESSAGE_MAX_RECIPIENTS }, (_, i) =>
      makeSubmissionRow({ competition_id: competition, created_at: at(10 + (i % 40)) }),
    );
    for (let i = 0; i < many.length; i += 200) {
      await db()
        .insertInto('submissions')
        .values(many.slice(i, i + 200))
        .execute();
    }
    const response = await send({ filters: { competition }, ...DRAFT, requestId: randomUUID() });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error).toEqual({
      code: 'TOO_MANY_RECIPIENTS',
      message: GROUP_MESSAGE_TEXT.tooMany,
    });
    expect(await written()).toEqual({ messages: [], sends: [], audits: [] });
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const requestId = randomUUID();
    const cases: [unknown, string][] = [
      [{ ...DRAFT, subject: 'x'.repeat(GROUP_MESSAGE_SUBJECT_MAX + 1) }, 'subject'],
      [{ ...DRAFT, body: 'x'.repeat(GROUP_MESSAGE_BODY_MAX + 1) }, 'body'],
      [{ ...DRAFT, subject: '  ' }, 'subject'],
      [{ ...DRAFT, subject: 'Two\nlines' }, 'subject'],
      [{ ...DRAFT, body: 'Your prize: {award}' }, 'body'],
      [{ ...DRAFT, filters: { status: 'lost' } }, 'filters.status'],
      [{ ...DRAFT, requestId: 'not-an-id' }, 'requestId'],
      [{ ...DRAFT, extra: true }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const response = await send({ filters: filters(), requestId, ...(payload as object) });
      expect(response.statusCode, response.body).toBe(400);
      const error = response.json().error;
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(error.fields), response.body).toContain(field);
    }
    const unknown = await preview({ filters: filters(), ...DRAFT, body: 'Your prize: {award}' });
    expect(unknown.json().error.fields.body).toMatch(/Unknown placeholder \{award\}/);
    const missing = await send({ filters: filters(), ...DRAFT });
    expect(missing.statusCode).toBe(400);
    expect(await written()).toEqual({ messages: [], sends: [], audits: [] });
  });

  it('is for signed-in admins only', async () => {
    await expectSessionRequired(t, [
      ['POST', PREVIEW, { filters: filters(), ...DRAFT }],
      ['POST', SEND, { filters: filters(), ...DRAFT, requestId: randomUUID() }],
    ]);
  });
});
