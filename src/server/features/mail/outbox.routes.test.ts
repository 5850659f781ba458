import { randomUUID } from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import type { Insertable } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  expectCsrfHeaderRequired,
  expectSessionRequired,
  type RouteCall,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  type OutboxMessageDetail,
  OutboxMessageDetailSchema,
  type OutboxPage,
  OutboxPageSchema,
  type OutboxStatus,
} from '../../../shared/schemas/outbox.ts';
import type { EmailOutboxTable } from '../../db/schema.ts';
import { OUTBOX_NOT_SENT_REASON } from './outbox-worker.ts';

/*
 * The admin's Outbox over HTTP. This app is built as the server is, without SMTP_URL: its worker
 * runs in the background and sets due messages aside as not sent. Rows a test wants left as they
 * are wait for a time far ahead.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const OUTBOX = '/api/admin/outbox';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const FAR_AHEAD = '2999-01-01T00:00:00.000Z';

let token: string;

beforeEach(async () => {
  await db().deleteFrom('email_outbox').execute();
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const admin = (method: HTTPMethods, url: string) => asAdmin(t, token, method, url);

/** An outbox row as the worker leaves it in `status`, written at `createdAt`. */
function outboxRow(
  status: OutboxStatus,
  overrides: Partial<Insertable<EmailOutboxTable>> = {},
): Insertable<EmailOutboxTable> {
  const createdAt = overrides.created_at ?? '2026-11-20T10:00:00.000Z';
  return {
    id: randomUUID(),
    kind: 'registration-confirmation',
    submission_id: null,
    to_address: 'ananya@example.com',
    subject: 'Registration received: Monsoon Colours (WS-2026-000001)',
    body_text: 'Dear Ananya,\n\nReference: WS-2026-000001',
    body_html: '<p>Dear Ananya,</p><script>alert(1)</script>',
    status,
    attempts: { pending: 0, sending: 1, sent: 1, failed: 8, not_sent: 0 }[status],
    last_error: {
      pending: null,
      sending: null,
      sent: null,
      failed: 'connect ECONNREFUSED 127.0.0.1:2525',
      not_sent: OUTBOX_NOT_SENT_REASON,
    }[status],
    send_after: status === 'pending' ? FAR_AHEAD : createdAt,
    claimed_until: status === 'sending' ? FAR_AHEAD : null,
    created_at: createdAt,
    updated_at: createdAt,
    sent_at: status === 'sent' ? '2026-11-20T10:00:05.000Z' : null,
    decision_from: null,
    attachment: null,
    headers: null,
    ...overrides,
  };
}

async function insertRows(...rows: Insertable<EmailOutboxTable>[]) {
  await db().insertInto('email_outbox').values(rows).execute();
  return rows;
}

const storedRow = (id: string) =>
  db().selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe(`the outbox routes need a signed-in admin on ${TEST_ENGINE}`, () => {
  it('answers 401 without a session and 403 to a write without our header', async () => {
    const [row] = await insertRows(outboxRow('failed'));
    const id = row!.id;
    const routes: RouteCall[] = [
      ['GET', OUTBOX],
      ['GET', `${OUTBOX}/${id}`],
      ['POST', `${OUTBOX}/${id}/send-again`],
    ];
    await expectSessionRequired(t, routes);
    await expectCsrfHeaderRequired(t, token, [['POST', `${OUTBOX}/${id}/send-again`]]);
    expect(await storedRow(id)).toMatchObject({ status: 'failed', attempts: 8 });
    expect(await auditRowsOf(db(), 'email.')).toEqual([]);
  });
});

describe(`GET /api/admin/outbox on ${TEST_ENGINE}`, () => {
  it('lists the messages newest first, 50 to a page', async () => {
    const start = Date.parse('2026-11-01T00:00:00.000Z');
    const rows = Array.from({ length: 51 }, (_, n) =>
      outboxRow(n % 2 === 0 ? 'sent' : 'failed', {
        created_at: new Date(start + n * 60_000).toISOString(),
        to_address: `artist${n}@example.com`,
      }),
    );
    await insertRows(...rows);

    const first = await admin('GET', OUTBOX);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = OutboxPageSchema.parse(first.json()) as OutboxPage;
    expect(page1).toMatchObject({ page: 1, pageSize: 50, total: 51 });
    expect(page1.messages.map((m) => m.to)).toEqual(
      rows
        .map((r) => r.to_address)
        .reverse()
        .slice(0, 50),
    );
    const newest = rows[50]!;
    expect(page1.messages[0]).toEqual({
      id: newest.id,
      kind: 'registration-confirmation',
      to: 'artist50@example.com',
      subject: 'Registration received: Monsoon Colours (WS-2026-000001)',
      status: 'sent',
      attempts: 1,
      lastError: null,
      createdAt: newest.created_at,
      sentAt: '2026-11-20T10:00:05.000Z',
      sendAfter: newest.created_at,
    });
    expect(page1.messages[1]).toMatchObject({
      status: 'failed',
      attempts: 8,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      sentAt: null,
    });
    // The list carries no bodies: they are read one message at a time.
    expect(page1.messages[0]).not.toHaveProperty('text');

    const page2 = (await admin('GET', `${OUTBOX}?page=2`)).json<OutboxPage>();
    expect(page2).toMatchObject({ page: 2, total: 51 });
    expect(page2.messages.map((m) => m.to)).toEqual(['artist0@example.com']);
    expect((await admin('GET', `${OUTBOX}?page=3`)).json<OutboxPage>().messages).toEqual([]);
    // A page that is no page is the first.
    expect((await admin('GET', `${OUTBOX}?page=zero`)).json<OutboxPage>().page).toBe(1);
  });

  it('answers an empty outbox with no messages', async () => {
    const response = await admin('GET', OUTBOX);
    expect(response.json()).toEqual({ page: 1, pageSize: 50, total: 0, messages: [] });
  });
});

describe(`GET /api/admin/outbox/:id on ${TEST_ENGINE}`, () => {
  it('gives a message with its text and HTML bodies as written', async () => {
    const [row] = await insertRows(outboxRow('not_sent'));
    const response = await admin('GET', `${OUTBOX}/${row!.id}`);
    expect(response.statusCode).toBe(200);
    const message = OutboxMessageDetailSchema.parse(response.json()) as OutboxMessageDetail;
    expect(message).toMatchObject({
      id: row!.id,
      status: 'not_sent',
      lastError: 'Not sent: no SMTP server is configured',
      text: 'Dear Ananya,\n\nReference: WS-2026-000001',
      html: '<p>Dear Ananya,</p><script>alert(1)</script>',
    });
  });

  it('answers 404 for a message that does not exist', async () => {
    const response = await admin('GET', `${OUTBOX}/${MISSING_ID}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Message not found' } });
  });
});

describe(`POST /api/admin/outbox/:id/send-again on ${TEST_ENGINE}`, () => {
  it.each(['failed', 'not_sent'] as const)(
    'puts a %s message back in line, attempts afresh, audited',
    async (status) => {
      const [row] = await insertRows(outboxRow(status));
      const before = Date.now();
      const response = await admin('POST', `${OUTBOX}/${row!.id}/send-again`);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<OutboxMessageDetail>();
      expect(answer).toMatchObject({
        id: row!.id,
        status: 'pending',
        attempts: 0,
        lastError: null,
      });
      expect(Date.parse(answer.sendAfter)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(answer.sendAfter)).toBeLessThanOrEqual(Date.now());

      expect(await auditRowsOf(db(), 'email.')).toEqual([
        {
          action: 'email.send-again',
          actor: 'admin',
          admin_user_id: expect.any(String),
          entity_id: row!.id,
          details: JSON.stringify({ kind: 'registration-confirmation', previousStatus: status }),
        },
      ]);
      // Woken, the worker (with no SMTP server here) takes it at once and sets it aside again.
      await expect.poll(async () => (await storedRow(row!.id)).status).toBe('not_sent');
      expect(await storedRow(row!.id)).toMatchObject({
        attempts: 0,
        last_error: OUTBOX_NOT_SENT_REASON,
      });
    },
  );

  it.each(['pending', 'sending', 'sent'] as const)(
    'refuses a %s message with 409, changing and recording nothing',
    async (status) => {
      const [row] = await insertRows(outboxRow(status));
      const response = await admin('POST', `${OUTBOX}/${row!.id}/send-again`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: {
          code: 'NOT_SENDABLE_AGAIN',
          message: 'Only a failed or not sent message can be sent again.',
        },
      });
      expect(await storedRow(row!.id)).toEqual({ ...row, attempts: row!.attempts });
      expect(await auditRowsOf(db(), 'email.')).toEqual([]);
    },
  );

  it('answers 404 for a message that does not exist, recording nothing', async () => {
    const response = await admin('POST', `${OUTBOX}/${MISSING_ID}/send-again`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Message not found');
    expect(await auditRowsOf(db(), 'email.')).toEqual([]);
  });
});
