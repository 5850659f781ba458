import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, asAdmin, signIn } from '../../../../tests/setup/admin-session.ts';
import {
  FAKE_KEY_ID,
  FAKE_KEY_SECRET,
  FAKE_WEBHOOK_SECRET,
  type FakeRazorpay,
  startFakeRazorpay,
} from '../../../../tests/setup/fake-razorpay.ts';
import {
  capturedPayment,
  paidEntry,
  pdfText,
  post,
  receiptRows,
  verify,
  webhook,
} from '../../../../tests/setup/receipts.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../tests/setup/smtp-server.ts';
import {
  addCompetition,
  postRegistration,
  worksRegistrationParts,
} from '../../../../tests/setup/registration.ts';
import { useTestApp } from '../../../../tests/setup/test-app.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays, todayIn } from '../../../shared/domain/competition-status.ts';
import { DEFAULT_MAIL_FROM_ADDRESS } from '../../config.ts';
import { queueEmail } from '../mail/mail.service.ts';

/*
 * Receipts and credit notes through HTTP: issued when a payment is recorded paid or refunded,
 * listed and downloaded with the entry's token (and by an admin), e-mailed through a real SMTP
 * server with the PDF attached, and read back with pdftotext.
 */

let fake: FakeRazorpay;
let smtp: TestSmtpServer;
beforeAll(async () => {
  fake = await startFakeRazorpay();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await fake.close();
  await smtp.close();
});

const clock = createRunningClock();
const t = useTestApp({
  clock,
  config: {
    adminPassword: ADMIN_PASSWORD,
    get payments() {
      return {
        provider: 'razorpay' as const,
        keyId: FAKE_KEY_ID,
        keySecret: FAKE_KEY_SECRET,
        webhookSecret: FAKE_WEBHOOK_SECRET,
        apiUrl: fake.url,
      };
    },
    get mail() {
      return { smtpUrl: smtp.url, from: { name: undefined, address: DEFAULT_MAIL_FROM_ADDRESS } };
    },
  },
});

let admin: string;
/** Signed in again at the clock's time: a test moves it by months. */
async function signInNow() {
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
}
beforeAll(async () => {
  clock.set('2026-11-29T06:00:00Z');
  await signInNow();
});

async function saveSeller(changes: Record<string, unknown>) {
  const form = (await asAdmin(t, admin, 'GET', '/api/admin/site-settings')).json<object>();
  return asAdmin(t, admin, 'PUT', '/api/admin/site-settings', { ...form, ...changes });
}

const listOf = (token: string) => post(t.app, '/api/entries/receipts', { entryToken: token });
const pdfOf = (token: string, number: string) =>
  post(t.app, '/api/entries/receipts/pdf', { entryToken: token, number });

describe(`receipts (${TEST_ENGINE})`, () => {
  it('saves the seller: legal name, address, GSTIN and GST rate, each checked', async () => {
    const bad = await saveSeller({ gstin: '29ABCDE1234F1Z', gstRate: 29 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      gstin: expect.stringContaining('15 characters') as string,
      gstRate: expect.stringContaining('0 to 28') as string,
    });
    expect((await saveSeller({ gstRate: -1 })).json().error.fields).toHaveProperty('gstRate');
    expect((await saveSeller({ gstin: '29abcde1234f1a5' })).statusCode).toBe(400);
    const saved = await saveSeller({
      legalName: 'Atelier White Stroke LLP',
      legalAddress: '12 Park Street, Kolkata 700016',
      gstin: '19abcde1234f1z5',
      gstRate: 18,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ gstin: '19ABCDE1234F1Z5', gstRate: 18 });
    // A form without the receipts' fields leaves them as they are.
    const form = (await asAdmin(t, admin, 'GET', '/api/admin/site-settings')).json<object>();
    const receiptsFields = ['legalName', 'legalAddress', 'gstin', 'gstRate'];
    const rest = Object.fromEntries(
      Object.entries(form).filter(([key]) => !receiptsFields.includes(key)),
    );
    expect((await asAdmin(t, admin, 'PUT', '/api/admin/site-settings', rest)).json()).toMatchObject(
      { legalName: 'Atelier White Stroke LLP', gstRate: 18 },
    );
  });

  it('issues one receipt when a payment is paid, e-mailed with its PDF, listed and downloaded', async () => {
    const entry = await paidEntry(t.app, 499);
    const payment = await capturedPayment(t.app, fake, entry.token);
    // The browser and the webhook tell of the same payment at once: one receipt.
    const [verified, hooked] = await Promise.all([
      verify(t.app, fake, entry.token, payment),
      webhook(t.app, 'payment.captured', payment),
    ]);
    expect([verified.statusCode, hooked.statusCode]).toEqual([200, 200]);
    const rows = (await receiptRows(t.app)).filter((r) => r.submission_id === entry.id);
    expect(rows.map((r) => [r.number, r.payment_id])).toEqual([['WS/2026-27/000001', payment.id]]);
    expect(rows[0]).toMatchObject({ amount_paise: 49_900, gst_rate_bp: 1800, gst_paise: 7612 });

    const list = await listOf(entry.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().receipts).toEqual([
      expect.objectContaining({ number: 'WS/2026-27/000001', kind: 'receipt', reverses: null }),
    ]);
    const pdf = await pdfOf(entry.token, 'WS/2026-27/000001');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Receipt number: WS/2026-27/000001',
      'Date: 29 November 2026',
      'Atelier White Stroke LLP',
      '12 Park Street, Kolkata 700016',
      'GSTIN: 19ABCDE1234F1Z5',
      `Received from: ${entry.row.full_name}`,
      `Competition: ${entry.row.competition_title}`,
      `Entry reference: ${entry.row.reference}`,
      'Including GST at 18%',
      '₹76.12',
      `Payment id: ${payment.id}`,
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Entry fee\s+₹499\.00/);
    expect(text).toMatch(/Total paid\s+₹499\.00/);

    const mail = await waitForMailTo('asha@example.com', 'Receipt WS/2026-27/000001');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['WS-2026-27-000001.pdf', 'application/pdf'],
    ]);
    expect(pdfText(mail.attachments[0]!.content)).toContain('WS/2026-27/000001');
  });

  it('issues a credit note for a refund, naming the receipt it reverses', async () => {
    const entry = await paidEntry(t.app, 1000, 'ravi@example.com');
    const payment = await capturedPayment(t.app, fake, entry.token);
    expect((await verify(t.app, fake, entry.token, payment)).statusCode).toBe(200);
    const refund = await asAdmin(t, admin, 'POST', `/api/admin/payments/${payment.id}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    const list = (await listOf(entry.token)).json<{ receipts: { number: string }[] }>();
    expect(list.receipts).toEqual([
      expect.objectContaining({ number: 'WS/2026-27/000002', kind: 'receipt' }),
      expect.objectContaining({
        number: 'WS-CN/2026-27/000001',
        kind: 'credit_note',
        reverses: 'WS/2026-27/000002',
      }),
    ]);
    const text = pdfText((await pdfOf(entry.token, 'WS-CN/2026-27/000001')).rawPayload);
    expect(text).toContain('Credit note number: WS-CN/2026-27/000001');
    expect(text).toContain('Reverses receipt: WS/2026-27/000002');
    expect(text).toMatch(/Total refunded\s+₹1,000\.00/);
    const mail = await waitForMailTo('ravi@example.com', 'Credit note WS-CN/2026-27/000001');
    expect(mail.attachments[0]?.filename).toBe('WS-CN-2026-27-000001.pdf');

    const adminList = await asAdmin(
      t,
      admin,
      'GET',
      `/api/admin/receipts?submissionId=${entry.id}`,
    );
    expect(adminList.json<{ receipts: unknown[] }>().receipts).toHaveLength(2);
    const adminPdf = await asAdmin(
      t,
      admin,
      'GET',
      `/api/admin/receipts/pdf?number=${encodeURIComponent('WS-CN/2026-27/000001')}`,
    );
    expect(adminPdf.statusCode).toBe(200);
    expect(pdfText(adminPdf.rawPayload)).toContain('WS-CN/2026-27/000001');
  });

  it('counts again from 1 in a new financial year, told by the calendar in Kolkata', async () => {
    clock.set('2027-03-31T18:20:00Z');
    const before = await paidEntry(t.app);
    // 31 March 2027 23:59 IST.
    clock.set('2027-03-31T18:29:00Z');
    const late = await capturedPayment(t.app, fake, before.token);
    expect((await verify(t.app, fake, before.token, late)).statusCode).toBe(200);
    const after = await paidEntry(t.app);
    // 1 April 2027 00:00 IST.
    clock.set('2027-03-31T18:30:00Z');
    const early = await capturedPayment(t.app, fake, after.token);
    expect((await verify(t.app, fake, after.token, early)).statusCode).toBe(200);
    const numbers = async (token: string) =>
      (await listOf(token))
        .json<{ receipts: { number: string }[] }>()
        .receipts.map((r) => r.number);
    expect(await numbers(before.token)).toEqual(['WS/2026-27/000003']);
    expect(await numbers(after.token)).toEqual(['WS/2027-28/000001']);
    clock.set('2026-11-29T07:00:00Z');
    await signInNow();
  });

  it('refuses another entry’s receipt, a made-up number and a link that opens nothing', async () => {
    const mine = await paidEntry(t.app);
    const other = await paidEntry(t.app);
    const payment = await capturedPayment(t.app, fake, other.token);
    expect((await verify(t.app, fake, other.token, payment)).statusCode).toBe(200);
    const [theirs] = (await listOf(other.token)).json<{ receipts: { number: string }[] }>()
      .receipts;
    expect((await pdfOf(other.token, theirs!.number)).statusCode).toBe(200);
    const foreign = await pdfOf(mine.token, theirs!.number);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    expect((await pdfOf(mine.token, 'WS/2026-27/999999')).statusCode).toBe(404);
    const forged = `${mine.token.slice(0, -2)}xx`;
    expect((await pdfOf(forged, theirs!.number)).statusCode).toBe(404);
    expect((await listOf(forged)).statusCode).toBe(404);
    expect((await listOf(mine.token)).json()).toEqual({ receipts: [] });
    const missing = await post(t.app, '/api/entries/receipts/pdf', { entryToken: mine.token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('number');
    const made = await asAdmin(t, admin, 'GET', '/api/admin/receipts/pdf?number=WS%2F1');
    expect(made.statusCode).toBe(404);
  });
});

/** Three works with the code WELCOME20 during the early-bird price: ₹400 + 2 × ₹250, 20 % off. */
async function registerThreeWorks() {
  const { competition } = await addCompetition(t, {
    entry_type: 'paid',
    entry_fee: 500,
    further_work_fee: 300,
    early_bird_fee: 400,
    early_bird_further_fee: 250,
    start_date: addDays(todayIn('Asia/Kolkata', clock.now()), -1),
    end_date: addDays(todayIn('Asia/Kolkata', clock.now()), 30),
    early_bird_until: new Date(clock.now().getTime() + 86_400_000).toISOString(),
    min_works: 1,
    max_works: 3,
  });
  await t.app.deps.db
    .insertInto('discount_codes')
    .values({
      id: randomUUID(),
      code: 'WELCOME20',
      kind: 'percent',
      value: 20,
      competition_id: competition.id,
      max_uses: null,
      expires_at: null,
      created_by: 'admin',
      created_at: clock.now().toISOString(),
    })
    .execute();
  const parts = await worksRegistrationParts(competition.id, ['Rain', 'Sun', 'Fog'], {
    code: 'welcome20',
  });
  const response = await postRegistration(t, parts);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toMatchObject({ entryFee: 720 });
  return { competition, token: response.json<{ entryToken: string }>().entryToken };
}

const LINES = [
  /Early-bird price, first work\s+₹400\.00/,
  /Further works: 2 × ₹250\s+₹500\.00/,
  /Code WELCOME20: 20% off\s+-₹180\.00/,
  /Including GST at 18%\s+₹109\.83/,
];

describe(`a receipt's fee lines (${TEST_ENGINE})`, () => {
  it('shows the breakdown priced at registration, and its credit note the same', async () => {
    const { competition, token } = await registerThreeWorks();
    // Prices changed after the entry was made do not change what it was charged.
    await t.app.deps.db
      .updateTable('competitions')
      .set({ early_bird_fee: 999, early_bird_until: null })
      .where('id', '=', competition.id)
      .execute();
    const payment = await capturedPayment(t.app, fake, token);
    expect((await verify(t.app, fake, token, payment)).statusCode).toBe(200);
    const numbers = async () =>
      (await post(t.app, '/api/entries/receipts', { entryToken: token }))
        .json<{ receipts: { number: string }[] }>()
        .receipts.map((r) => r.number);
    const [receipt] = await numbers();
    const pdf = (number: string) =>
      post(t.app, '/api/entries/receipts/pdf', { entryToken: token, number });
    const text = pdfText((await pdf(receipt!)).rawPayload);
    for (const line of LINES) expect(text).toMatch(line);
    expect(text).toMatch(/Total paid\s+₹720\.00/);
    expect(text).not.toContain('Entry fee');

    const refund = await asAdmin(t, admin, 'POST', `/api/admin/payments/${payment.id}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    const creditNote = (await numbers()).find((n) => n !== receipt);
    const credit = pdfText((await pdf(creditNote!)).rawPayload);
    for (const line of LINES) expect(credit).toMatch(line);
    expect(credit).toMatch(/Total refunded\s+₹720\.00/);
  });
});

describe(`a receipt's attachment (${TEST_ENGINE})`, () => {
  it('keeps a message whose attachment cannot be drawn, to try again, rather than send it bare', async () => {
    const id = randomUUID();
    await queueEmail(
      t.app.deps.db,
      {
        kind: 'receipt-issued',
        submissionId: null,
        to: 'nobody@example.com',
        subject: 'Receipt',
        text: 'Attached.',
        html: '<p>Attached.</p>',
        attachment: { kind: 'receipt', id },
      },
      clock.now(),
    );
    await t.app.deps.outbox.runOnce();
    const row = await t.app.deps.db
      .selectFrom('email_outbox')
      .select(['status', 'attempts', 'last_error', 'attachment'])
      .where('to_address', '=', 'nobody@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'pending',
      attempts: 1,
      last_error: `The attachment receipt ${id} is missing`,
      attachment: JSON.stringify({ kind: 'receipt', id }),
    });
    expect(smtp.received.filter((m) => m.to.includes('nobody@example.com'))).toEqual([]);
  });
});

/** The message to `to` whose subject starts with `subject`, once it has arrived. */
async function waitForMailTo(to: string, subject: string) {
  let found: (typeof smtp.received)[number] | undefined;
  await expect
    .poll(
      () => {
        found = smtp.received.find(
          (m) => m.to.includes(to) && (m.parsed.subject ?? '').startsWith(subject),
        );
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!.parsed;
}
