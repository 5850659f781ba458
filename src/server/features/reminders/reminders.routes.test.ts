import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeSubmissionRow } from '../../../../tests/factories/rows.ts';
import { addCompetition, todayInKolkata } from '../../../../tests/setup/registration.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/setup/smtp-server.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import {
  createTestEnvironment,
  TEST_ENGINE,
  type TestEnvironment,
} from '../../../../tests/setup/test-database.ts';
import { addDays, closingInstant } from '../../../shared/domain/competition-status.ts';
import { buildApp } from '../../app.ts';
import { DEFAULT_MAIL_FROM_ADDRESS } from '../../config.ts';
import { initializeSite } from '../../initialize.ts';
import { sendDueReminders } from './reminders.service.ts';

/*
 * The artists' reminders over a real outbox and SMTP server: once after a failed payment, once a
 * day before the close while the fee is due, never twice (even from two servers at once), and
 * never again to an address that followed the one-click link.
 */

const HOUR = 60 * 60 * 1000;
const clock = createRunningClock();
let environment: TestEnvironment;
let smtp: TestSmtpServer;
let app: FastifyInstance;
let second: FastifyInstance;
/** The competition's close: tomorrow's end in the site's time zone. */
let closesAt: Date;
let competitionId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  environment = await createTestEnvironment({
    mail: { smtpUrl: smtp.url, from: { name: undefined, address: DEFAULT_MAIL_FROM_ADDRESS } },
  });
  app = await buildApp(environment.config, { clock, outbox: { background: false } });
  await initializeSite(app);
  await app.ready();
  // A second server on the same database, as behind the load balancer.
  second = await buildApp(environment.config, { clock, outbox: { background: false } });
  await second.ready();
  const endDate = addDays(todayInKolkata(), 1);
  closesAt = closingInstant(endDate, null, 'Asia/Kolkata');
  const t = { app } as Parameters<typeof addCompetition>[0];
  competitionId = (
    await addCompetition(t, { entry_type: 'paid', entry_fee: 499, end_date: endDate })
  ).competition.id;
});

afterAll(async () => {
  await second.close();
  await app.close();
  await smtp.close();
  await environment.cleanup();
});

const db = () => app.deps.db;

beforeEach(async () => {
  for (const table of [
    'email_outbox',
    'reminders_sent',
    'reminder_unsubscribes',
    'payments',
    'payment_orders',
    'submissions',
  ] as const) {
    await db().deleteFrom(table).execute();
  }
});

/** An entry of the competition made `hoursBefore` hours before `at`. */
async function entry(at: Date, overrides: Parameters<typeof makeSubmissionRow>[0] = {}) {
  const row = makeSubmissionRow({
    competition_id: competitionId,
    email: `artist.${randomUUID().slice(0, 8)}@example.org`,
    created_at: new Date(at.getTime() - 2 * HOUR).toISOString(),
    ...overrides,
  });
  await db().insertInto('submissions').values(row).execute();
  return row;
}

async function failedPayment(submissionId: string, at: Date) {
  const stamp = at.toISOString();
  const orderId = `order_${randomUUID().slice(0, 12)}`;
  await db()
    .insertInto('payment_orders')
    .values({
      order_id: orderId,
      submission_id: submissionId,
      provider: 'test',
      amount_paise: 49_900,
      currency: 'INR',
      status: 'created',
      check_after: null,
      claimed_until: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db()
    .insertInto('payments')
    .values({
      payment_id: `pay_${randomUUID().slice(0, 12)}`,
      order_id: orderId,
      submission_id: submissionId,
      provider: 'test',
      amount_paise: 49_900,
      currency: 'INR',
      status: 'failed',
      error_description: 'Card declined',
      refund_id: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
}

const outbox = () =>
  db()
    .selectFrom('email_outbox')
    .select(['kind', 'to_address', 'subject', 'body_text', 'headers'])
    .orderBy('kind')
    .orderBy('to_address')
    .execute();

/** The unsubscribe link a queued reminder carries in its text. */
function linkIn(text: string): string {
  const match = /https?:\/\/\S+\/reminders\/unsubscribe\?\S+/.exec(text);
  if (!match) throw new Error(`No unsubscribe link in: ${text}`);
  return match[0];
}

const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe(`reminders to artists on ${TEST_ENGINE}`, () => {
  it('reminds once after a failed payment, not before half an hour, and not a paid entry', async () => {
    const at = new Date(closesAt.getTime() - 3 * 24 * HOUR);
    const unpaid = await entry(at);
    const paid = await entry(at, { payment_status: 'paid', paid_at: at.toISOString() });
    await failedPayment(unpaid.id, new Date(at.getTime() - 10 * 60_000));
    await failedPayment(paid.id, new Date(at.getTime() - HOUR));

    expect(await sendDueReminders(app.deps, at)).toBe(0);
    const later = new Date(at.getTime() + HOUR);
    expect(await sendDueReminders(app.deps, later)).toBe(1);
    expect(await sendDueReminders(app.deps, later)).toBe(0);

    const [message, ...others] = await outbox();
    expect(others).toEqual([]);
    expect(message).toMatchObject({ kind: 'reminder-payment-failed', to_address: unpaid.email });
    expect(message!.subject).toBe(
      `Your payment did not go through: Monsoon Colours (${unpaid.reference})`,
    );
    expect(message!.body_text).toContain('Dear Aarav Sharma,');
    expect(message!.body_text).toContain('/entry#');
  });

  it('is not held up by the many unpaid entries of competitions closed already', async () => {
    const at = new Date(closesAt.getTime() - 3 * 24 * HOUR);
    const t = { app } as Parameters<typeof addCompetition>[0];
    const closed = (
      await addCompetition(t, {
        entry_type: 'paid',
        entry_fee: 499,
        start_date: addDays(todayInKolkata(), -30),
        end_date: addDays(todayInKolkata(), -3),
      })
    ).competition.id;
    // More than one round's batch, all older than the entry that is due, each payment failed.
    const stale = Array.from({ length: 250 }, () =>
      makeSubmissionRow({
        competition_id: closed,
        email: `artist.${randomUUID().slice(0, 8)}@example.org`,
        created_at: new Date(at.getTime() - 10 * 24 * HOUR).toISOString(),
      }),
    );
    for (let i = 0; i < stale.length; i += 50) {
      await db()
        .insertInto('submissions')
        .values(stale.slice(i, i + 50))
        .execute();
    }
    for (const row of stale) await failedPayment(row.id, new Date(at.getTime() - 9 * 24 * HOUR));
    const due = await entry(at);
    await failedPayment(due.id, new Date(at.getTime() - HOUR));

    expect(await sendDueReminders(app.deps, at)).toBe(1);
    expect(await outbox()).toMatchObject([
      { kind: 'reminder-payment-failed', to_address: due.email },
    ]);
  });

  it('reminds each unpaid entry once a day before the close, and sends it with List-Unsubscribe', async () => {
    const early = new Date(closesAt.getTime() - 30 * HOUR);
    const due = await entry(early);
    await entry(early, { withdrawn_at: early.toISOString() });
    await entry(early, { entry_type: 'free', entry_fee: 0 });
    const rejected = await entry(early, { status: 'rejected' });
    await failedPayment(rejected.id, new Date(early.getTime() - HOUR));
    expect(await sendDueReminders(app.deps, early)).toBe(0);

    const at = new Date(closesAt.getTime() - 20 * HOUR);
    expect(await sendDueReminders(app.deps, at)).toBe(1);
    expect(await sendDueReminders(app.deps, new Date(at.getTime() + HOUR))).toBe(0);
    const [message, ...others] = await outbox();
    expect(others).toEqual([]);
    expect(message).toMatchObject({ kind: 'reminder-before-close', to_address: due.email });
    expect(message!.body_text).toContain('Entries to Monsoon Colours close on');

    await app.deps.outbox.runOnce(at);
    const [mail] = await smtp.waitForMessages(1);
    const link = linkIn(message!.body_text);
    const lines = mail!.parsed.headerLines.map((header) => header.line.replace(/\r?\n\s+/g, ' '));
    expect(lines).toContain(`List-Unsubscribe: <${link}>`);
    expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail!.parsed.html).toContain(`<a href="${link.replaceAll('&', '&amp;')}">`);
  });

  it('sends each reminder once when two servers run their rounds at the same moment', async () => {
    const at = new Date(closesAt.getTime() - 20 * HOUR);
    const entries = [];
    for (let i = 0; i < 6; i += 1) entries.push(await entry(at));
    await failedPayment(entries[0]!.id, new Date(at.getTime() - HOUR));

    // PostgreSQL: both servers at once. SQLite's file takes one server's writes (several
    // servers need PostgreSQL), so there the rounds overlap within one and the other follows.
    const rounds = () => [sendDueReminders(app.deps, at), sendDueReminders(app.deps, at)];
    const others = () => [sendDueReminders(second.deps, at), sendDueReminders(second.deps, at)];
    const counts =
      TEST_ENGINE === 'postgres'
        ? await Promise.all([...rounds(), ...others()])
        : [...(await Promise.all(rounds())), ...(await Promise.all(others()))];
    // Six before the close, one after the failed payment: seven in all, whoever sent each.
    expect(counts.reduce((a, b) => a + b, 0)).toBe(7);
    const messages = await outbox();
    expect(messages).toHaveLength(7);
    expect(new Set(messages.map((m) => `${m.kind} ${m.to_address}`)).size).toBe(7);
    expect(await db().selectFrom('reminders_sent').selectAll().execute()).toHaveLength(7);
  });

  it('one click stops reminders to the address (any case), after a page that asks first', async () => {
    const at = new Date(closesAt.getTime() - 20 * HOUR);
    const first = await entry(at, { email: 'Mixed.Case@Example.org' });
    expect(await sendDueReminders(app.deps, at)).toBe(1);
    const link = linkIn((await outbox())[0]!.body_text);

    const page = await app.inject({ method: 'GET', url: pathOf(link) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Stop reminders?');
    expect(page.body).toContain('mixed.case@example.org');
    // Opening the page stops nothing: a link scanner may open it.
    expect(await db().selectFrom('reminder_unsubscribes').selectAll().execute()).toEqual([]);

    const forged = await app.inject({
      method: 'POST',
      url: pathOf(link).replace(/token=[^&]+/, 'token=forged'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('This link is not valid');
    const otherAddress = await app.inject({
      method: 'POST',
      url: pathOf(link).replace(/address=[^&]+/, 'address=someone%40example.org'),
    });
    expect(otherAddress.statusCode).toBe(400);
    const malformed = await app.inject({ method: 'POST', url: '/reminders/unsubscribe' });
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });

    // A mail reader's one-click POST (RFC 8058): no CSRF header, a form body.
    const done = await app.inject({
      method: 'POST',
      url: pathOf(link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('We will send no more reminders to');
    const again = await app.inject({ method: 'POST', url: pathOf(link) });
    expect(again.statusCode).toBe(200);

    // Another entry of the same address, a payment of it failed: no reminder of either kind.
    const next = await entry(at, { email: 'mixed.case@EXAMPLE.org' });
    await failedPayment(next.id, new Date(at.getTime() - HOUR));
    await failedPayment(first.id, new Date(at.getTime() - HOUR));
    expect(await sendDueReminders(app.deps, at)).toBe(0);
    expect(await outbox()).toHaveLength(1);
  });

  it('takes a one-click POST in any of the bodies mail readers send (RFC 8058 shows multipart)', async () => {
    const at = new Date(closesAt.getTime() - 20 * HOUR);
    const due = await entry(at);
    expect(await sendDueReminders(app.deps, at)).toBe(1);
    const link = linkIn((await outbox())[0]!.body_text);
    const boundary = 'XyZ';
    const multipart = await app.inject({
      method: 'POST',
      url: pathOf(link),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(multipart.body).toContain('We will send no more reminders to');
    const plain = await app.inject({
      method: 'POST',
      url: pathOf(link),
      headers: { 'content-type': 'text/plain' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const stopped = await db().selectFrom('reminder_unsubscribes').select('email').execute();
    expect(stopped).toEqual([{ email: due.email.toLowerCase() }]);
  });
});
