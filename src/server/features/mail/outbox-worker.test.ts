import type { FastifyInstance } from 'fastify';
import { retryDelayMs } from '../../jobs/retry-delay.ts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  SMTP_PASSWORD,
  smtpUrlFor,
  startSilentServer,
  startSmtpServer,
  unusedPort,
} from '../../../../tests/setup/smtp-server.ts';
import {
  createTestEnvironment,
  type TestEnvironment,
} from '../../../../tests/setup/test-database.ts';
import { DEFAULT_SITE_TITLE } from '../../../shared/site-defaults.ts';
import { buildApp } from '../../app.ts';
import { DEFAULT_MAIL_FROM_ADDRESS, type MailConfig } from '../../config.ts';
import { initializeSite } from '../../initialize.ts';
import {
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_NOT_SENT_REASON,
  type OutboxWorkerOptions,
} from './outbox-worker.ts';
import { queueEmail } from './outbox.service.ts';
import {
  artistEmail,
  CONFIRMATION_KIND,
  CONFIRMATION_TEMPLATE,
  confirmationValues,
} from './artist-emails.ts';

/*
 * The outbox worker against a real SMTP server the test starts (tests/setup/smtp-server.ts), on
 * the engine of the run: SQLite, or PostgreSQL under `npm run test:pg`. Time is driven through
 * runOnce(now) rather than waited for.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Closed after each test, last opened first: apps, then servers, then databases. */
let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  const pending = cleanups.reverse();
  cleanups = [];
  for (const cleanup of pending) await cleanup();
});

async function environmentWith(mail: Partial<MailConfig>): Promise<TestEnvironment> {
  const environment = await createTestEnvironment({
    mail: {
      smtpUrl: undefined,
      from: { name: undefined, address: DEFAULT_MAIL_FROM_ADDRESS },
      ...mail,
    },
  });
  cleanups.push(() => environment.cleanup());
  return environment;
}

/** The app on `environment`'s database; its worker runs no rounds of its own unless asked. */
async function appOn(
  environment: TestEnvironment,
  outbox: OutboxWorkerOptions = { background: false },
  { initialize = true } = {},
): Promise<FastifyInstance> {
  const app = await buildApp(environment.config, { outbox });
  cleanups.push(() => app.close());
  if (initialize) await initializeSite(app);
  await app.ready();
  return app;
}

async function mailApp(mail: Partial<MailConfig>, outbox?: OutboxWorkerOptions) {
  return appOn(await environmentWith(mail), outbox);
}

async function smtpServer(options?: Parameters<typeof startSmtpServer>[0]) {
  const server = await startSmtpServer(options);
  cleanups.push(() => server.close());
  return server;
}

const CONFIRMATION = {
  siteTitle: DEFAULT_SITE_TITLE,
  reference: 'WS-2026-000123',
  fullName: '<script>alert("x")</script> Ananya',
  competitionTitle: 'Monsoon Colours',
  entryType: 'paid' as const,
  entryFee: 1500,
  paymentStatus: 'pending' as const,
  fields: [
    { label: 'Full name', value: '<script>alert("x")</script> Ananya' },
    { label: 'Artwork Title', value: 'Rain & Ink' },
  ],
  entryLink: 'http://localhost:3000/entry#token',
};

/** Queues the confirmation of CONFIRMATION to `to`, written at `at`; returns its row's id. */
function queueConfirmation(app: FastifyInstance, to = 'ananya@example.com', at = new Date()) {
  const email = artistEmail(CONFIRMATION_TEMPLATE, confirmationValues(CONFIRMATION));
  return queueEmail(app.deps.db, { kind: CONFIRMATION_KIND, submissionId: null, to, ...email }, at);
}

function outboxRow(app: FastifyInstance, id: string) {
  return app.deps.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('the outbox worker with an SMTP server', () => {
  it('delivers a queued confirmation: sender, subject, text and HTML, the name escaped', async () => {
    const server = await smtpServer();
    const app = await mailApp({ smtpUrl: server.url });
    const id = await queueConfirmation(app);

    expect(await app.deps.outbox.runOnce()).toBe(1);

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail?.to).toEqual(['ananya@example.com']);
    const parsed = mail!.parsed;
    expect(parsed.subject).toBe('Registration received: Monsoon Colours (WS-2026-000123)');
    expect(parsed.from?.value).toEqual([
      { name: DEFAULT_SITE_TITLE, address: 'no-reply@localhost' },
    ]);
    expect(parsed.messageId).toBe(`<${id}@localhost>`);
    expect(parsed.text).toContain('Dear <script>alert("x")</script> Ananya,');
    expect(parsed.text).toContain('Reference: WS-2026-000123');
    expect(parsed.text).toContain(
      'Payment Pending: the entry fee of ₹1,500 has not been received yet.',
    );
    expect(parsed.text).toContain('- Artwork Title: Rain & Ink');
    expect(parsed.text).toContain('Results will be notified to you by email.');
    const html = parsed.html as string;
    expect(html).toContain('<p>Dear &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ananya,</p>');
    expect(html).toContain('<li>Artwork Title: Rain &amp; Ink</li>');
    expect(html).not.toContain('<script>');

    const row = await outboxRow(app, id);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      last_error: null,
      claimed_until: null,
    });
    expect(Date.parse(row.sent_at as string)).toBeGreaterThan(0);
    // Sent once: another round finds nothing to do.
    expect(await app.deps.outbox.runOnce()).toBe(0);
    expect(server.received).toHaveLength(1);
  });

  it('sends from MAIL_FROM when it is set', async () => {
    const server = await smtpServer();
    const app = await mailApp({
      smtpUrl: server.url,
      from: { name: 'Art Desk', address: 'desk@whitestroke.example' },
    });
    const id = await queueConfirmation(app);
    await app.deps.outbox.runOnce();
    const parsed = server.received[0]!.parsed;
    expect(parsed.from?.value).toEqual([{ name: 'Art Desk', address: 'desk@whitestroke.example' }]);
    expect(parsed.messageId).toBe(`<${id}@whitestroke.example>`);
  });

  it('sends to exactly the stored address, never to what a parser would read in it', async () => {
    const server = await smtpServer();
    const app = await mailApp({ smtpUrl: server.url });
    // Refused at every form since; an address stored before must still not reach anyone else.
    for (const to of ['victim;attacker@evil.example', 'a(comment)b@example.com']) {
      await queueConfirmation(app, to);
    }
    await app.deps.outbox.runOnce();
    const received = await server.waitForMessages(2);
    // One recipient each, the stored mailbox (its local part quoted as SMTP writes it), never
    // 'attacker@evil.example' or 'b@example.com'.
    expect(received.map((mail) => mail.to).sort()).toEqual([
      ['"a(comment)b"@example.com'],
      ['"victim;attacker"@evil.example'],
    ]);
  });

  it('tries again later while the server is down, and delivers once it is up', async () => {
    const port = await unusedPort();
    const app = await mailApp({ smtpUrl: smtpUrlFor(port) });
    const start = new Date();
    const id = await queueConfirmation(app, 'ananya@example.com', start);

    expect(await app.deps.outbox.runOnce(start)).toBe(1);
    let row = await outboxRow(app, id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      claimed_until: null,
      sent_at: null,
    });
    expect(row.last_error).toContain('ECONNREFUSED');
    expect(row.last_error).not.toContain(SMTP_PASSWORD);
    // The first wait is a minute, and a little more.
    const wait = Date.parse(row.send_after) - start.getTime();
    expect(wait).toBeGreaterThanOrEqual(MINUTE);
    expect(wait).toBeLessThanOrEqual(1.1 * MINUTE);

    // Not due yet: nothing is tried.
    expect(await app.deps.outbox.runOnce(new Date(start.getTime() + 30_000))).toBe(0);

    const server = await smtpServer({ port });
    const later = new Date(start.getTime() + 2 * MINUTE);
    expect(await app.deps.outbox.runOnce(later)).toBe(1);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.parsed.subject).toBe(
      'Registration received: Monsoon Colours (WS-2026-000123)',
    );
    row = await outboxRow(app, id);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: null,
      sent_at: later.toISOString(),
    });
  });

  it('waits twice as long after each failure and gives up after the last attempt', async () => {
    const app = await mailApp({ smtpUrl: smtpUrlFor(await unusedPort()) });
    let now = new Date();
    const id = await queueConfirmation(app, 'ananya@example.com', now);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      expect(await app.deps.outbox.runOnce(now)).toBe(1);
      const row = await outboxRow(app, id);
      expect(row.attempts).toBe(attempt);
      if (attempt < OUTBOX_MAX_ATTEMPTS) {
        expect(row.status).toBe('pending');
        waits.push(Date.parse(row.send_after) - now.getTime());
        now = new Date(row.send_after);
      } else {
        expect(row.status).toBe('failed');
        expect(row.last_error).toContain('ECONNREFUSED');
      }
    }
    for (const [i, base] of [1, 2, 4, 8, 16, 32, 60].entries()) {
      expect(waits[i]).toBeGreaterThanOrEqual(base * MINUTE);
      expect(waits[i]).toBeLessThanOrEqual(base * MINUTE * 1.1);
    }
    // Failed is final: no later round tries it again.
    expect(await app.deps.outbox.runOnce(new Date(now.getTime() + 10 * HOUR))).toBe(0);
  });

  it('gives a message up at once when the server refuses it for good (5xx)', async () => {
    const server = await smtpServer({
      refuse: { at: 'data', code: 554, message: 'Message rejected as spam' },
    });
    const app = await mailApp({ smtpUrl: server.url });
    const id = await queueConfirmation(app);
    expect(await app.deps.outbox.runOnce()).toBe(1);
    const row = await outboxRow(app, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, sent_at: null });
    expect(row.last_error).toContain('554 Message rejected as spam');
    expect(server.received).toHaveLength(0);
  });

  it('gives up on a recipient refused for good, and tries a temporary refusal (4xx) again', async () => {
    const refusing = await smtpServer({
      refuse: { at: 'recipient', code: 550, message: 'No such mailbox' },
    });
    let app = await mailApp({ smtpUrl: refusing.url });
    let id = await queueConfirmation(app);
    await app.deps.outbox.runOnce();
    expect(await outboxRow(app, id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await outboxRow(app, id)).last_error).toContain('550 No such mailbox');

    const busy = await smtpServer({
      refuse: { at: 'data', code: 451, message: 'Try again later' },
    });
    app = await mailApp({ smtpUrl: busy.url });
    id = await queueConfirmation(app);
    await app.deps.outbox.runOnce();
    const row = await outboxRow(app, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toContain('451 Try again later');
  });

  it('keeps the password out of the error when the server refuses to sign in', async () => {
    const server = await smtpServer();
    const app = await mailApp({ smtpUrl: smtpUrlFor(server.port, 'wrong-p@ss:word') });
    const id = await queueConfirmation(app);
    await app.deps.outbox.runOnce();
    const row = await outboxRow(app, id);
    // A refused sign-in is the site's setting, which an admin can fix: it is tried again.
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toContain('535');
    expect(row.last_error).not.toContain('wrong-p');
    expect(row.last_error).not.toContain('wrong-p%40ss');
  });

  it('lets go of a server that never answers, within its time limit', async () => {
    const silent = await startSilentServer();
    cleanups.push(() => silent.close());
    const app = await mailApp(
      { smtpUrl: smtpUrlFor(silent.port) },
      { background: false, sendTimeoutMs: 800 },
    );
    const id = await queueConfirmation(app);
    const started = Date.now();
    expect(await app.deps.outbox.runOnce()).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    const row = await outboxRow(app, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimed_until: null });
    expect(row.last_error).toMatch(/greeting|time/i);
  });

  it('takes over a message whose worker died mid-send once its claim has run out', async () => {
    const server = await smtpServer();
    const app = await mailApp({ smtpUrl: server.url });
    const now = new Date();
    const id = await queueConfirmation(app, 'ananya@example.com', now);
    const claimedUntil = new Date(now.getTime() + 5 * MINUTE).toISOString();
    await app.deps.db
      .updateTable('email_outbox')
      .set({ status: 'sending', claimed_until: claimedUntil })
      .where('id', '=', id)
      .execute();

    expect(await app.deps.outbox.runOnce(now)).toBe(0);
    expect(server.received).toHaveLength(0);
    expect(await app.deps.outbox.runOnce(new Date(now.getTime() + 6 * MINUTE))).toBe(1);
    expect(server.received).toHaveLength(1);
    expect(await outboxRow(app, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends by itself when woken, without waiting for its next round', async () => {
    const server = await smtpServer();
    const app = await mailApp(
      { smtpUrl: server.url },
      { background: true, pollIntervalMs: 60 * MINUTE },
    );
    // The first round at start has found nothing by now.
    await app.deps.outbox.runOnce();
    const id = await queueConfirmation(app);
    app.deps.outbox.wake();
    await server.waitForMessages(1);
    await expect.poll(async () => (await outboxRow(app, id)).status).toBe('sent');
  });

  it('never sends one message twice with two servers on one database', async () => {
    const server = await smtpServer();
    const environment = await environmentWith({ smtpUrl: server.url });
    const first = await appOn(environment);
    const second = await appOn(environment, { background: false }, { initialize: false });
    const count = 60;
    const ids: string[] = [];
    for (let n = 0; n < count; n++) {
      ids.push(await queueConfirmation(first, `artist${n}@example.com`));
    }

    const taken = await Promise.all([
      first.deps.outbox.runOnce(),
      second.deps.outbox.runOnce(),
      first.deps.outbox.runOnce(),
      second.deps.outbox.runOnce(),
    ]);

    expect(taken.reduce((a, b) => a + b, 0)).toBe(count);
    expect(server.received).toHaveLength(count);
    const delivered = server.received.map((m) => m.parsed.messageId).sort();
    expect(delivered).toEqual(ids.map((id) => `<${id}@localhost>`).sort());
    const rows = await first.deps.db
      .selectFrom('email_outbox')
      .select(['status', 'attempts'])
      .execute();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe('the outbox worker without an SMTP server', () => {
  it('keeps each due message readable, marked not sent', async () => {
    const app = await mailApp({ smtpUrl: undefined });
    const now = new Date();
    const id = await queueConfirmation(app, 'ananya@example.com', now);
    const later = await queueConfirmation(app, 'ravi@example.com', new Date(now.getTime() + HOUR));

    expect(await app.deps.outbox.runOnce(now)).toBe(1);
    expect(await outboxRow(app, id)).toMatchObject({
      status: 'not_sent',
      attempts: 0,
      last_error: OUTBOX_NOT_SENT_REASON,
      sent_at: null,
    });
    expect((await outboxRow(app, later)).status).toBe('pending');
    expect(await app.deps.outbox.runOnce(now)).toBe(0);
  });

  it('marks a woken message not sent in the background', async () => {
    const app = await mailApp({ smtpUrl: undefined }, { background: true });
    const id = await queueConfirmation(app);
    app.deps.outbox.wake();
    await expect.poll(async () => (await outboxRow(app, id)).status).toBe('not_sent');
  });
});

describe('retryDelayMs', () => {
  it('doubles from a minute to at most an hour, with at most a tenth more', () => {
    const none = () => 0;
    const most = () => 0.999;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n, none) / MINUTE)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60,
    ]);
    expect(retryDelayMs(1, most)).toBeLessThan(1.1 * MINUTE);
    expect(retryDelayMs(7, most)).toBeLessThan(1.1 * HOUR);
  });
});
