import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSubmissionRow } from '../../../../tests/factories/rows.ts';
import {
  FAKE_KEY_ID,
  FAKE_KEY_SECRET,
  FAKE_WEBHOOK_SECRET,
  type FakePayment,
  type FakeRazorpay,
  signedWebhook,
  startFakeRazorpay,
} from '../../../../tests/setup/fake-razorpay.ts';
import { auditRowsOf } from '../../../../tests/setup/admin-session.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays, lastMinuteBefore } from '../../../shared/domain/competition-status.ts';
import { PAYMENT_MESSAGES } from './payment-messages.ts';
import { RAZORPAY_WEBHOOK_PATH } from './razorpay-webhook.routes.ts';
import { reconcileDueOrders } from './reconciliation.ts';

/*
 * Paying after the close (decision 021): an entry saved in time may pay within the grace period
 * (an hour by default); after it, or once the results are published, a payment cannot be started,
 * and money Razorpay takes all the same is refunded, audited, and the artist told.
 */

let fake: FakeRazorpay;
beforeAll(async () => {
  fake = await startFakeRazorpay();
});
afterAll(() => fake.close());

const clock = createRunningClock();
const t = useTestApp({
  clock,
  config: {
    get payments() {
      return {
        provider: 'razorpay' as const,
        keyId: FAKE_KEY_ID,
        keySecret: FAKE_KEY_SECRET,
        webhookSecret: FAKE_WEBHOOK_SECRET,
        apiUrl: fake.url,
      };
    },
  },
});
const db = () => t.app.deps.db;
const MINUTE = 60_000;

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: OUR_CLIENT_HEADERS, payload: payload as object });
const json = (response: LightMyRequestResponse) => response.json() as Record<string, unknown>;

/** A paid entry of ₹499 of a competition whose entries closed `minutesAgo` minutes ago. */
async function entryClosedFor(minutesAgo: number) {
  const close = lastMinuteBefore(
    new Date(clock.now().getTime() - (minutesAgo - 1) * MINUTE),
    'Asia/Kolkata',
  );
  const { competition } = await addCompetition(t, {
    start_date: addDays(close.date, -10),
    end_date: close.date,
    closing_time: close.time,
    entry_type: 'paid',
    entry_fee: 499,
  });
  const row = makeSubmissionRow({
    competition_id: competition.id,
    email: 'late.artist@example.com',
    entry_type: 'paid',
    entry_fee: 499,
    payment_status: 'pending',
  });
  await db().insertInto('submissions').values(row).execute();
  const token = await t.app.deps.entryTokens.issue(row.id as string);
  return { competitionId: competition.id, id: row.id as string, token };
}

async function publishResultsOf(competitionId: string) {
  const stamp = clock.now().toISOString();
  await db()
    .insertInto('results_publications')
    .values({
      competition_id: competitionId,
      published_at: stamp,
      first_published_at: stamp,
      updated_at: stamp,
    })
    .execute();
}

const ordersOf = (submissionId: string) =>
  db()
    .selectFrom('payment_orders')
    .select('order_id')
    .where('submission_id', '=', submissionId)
    .execute();

/** What the artist and the books show of a late payment: refunded, audited, e-mailed. */
async function expectRefundedLate(id: string, payment: FakePayment) {
  await expect.poll(() => fake.refunds.filter((r) => r.payment_id === payment.id).length).toBe(1);
  const entry = await db()
    .selectFrom('submissions')
    .select(['payment_status', 'paid_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(entry).toEqual({ payment_status: 'pending', paid_at: null });
  const books = await db()
    .selectFrom('payments')
    .select('status')
    .where('payment_id', '=', payment.id)
    .executeTakeFirstOrThrow();
  expect(books.status).toBe('refunded');
  const audits = (await auditRowsOf(db(), 'payment.refund-late')).filter((a) => a.entity_id === id);
  expect(audits).toHaveLength(1);
  expect(audits[0]).toMatchObject({ actor: 'system', admin_user_id: null });
  const mail = await db()
    .selectFrom('email_outbox')
    .select(['kind', 'to_address', 'body_text'])
    .where('submission_id', '=', id)
    .execute();
  // The money was taken, then given back: a receipt and a credit note besides the refund's e-mail.
  expect(mail.map((m) => m.kind).sort()).toEqual([
    'credit-note-issued',
    'payment-refunded',
    'receipt-issued',
  ]);
  const refunded = mail.find((m) => m.kind === 'payment-refunded');
  expect(refunded?.to_address).toBe('late.artist@example.com');
  expect(refunded?.body_text).toContain('reached us after entries had closed');
}

describe(`paying after the close (${TEST_ENGINE})`, () => {
  it('within the grace period, an entry saved before the close may still start its payment', async () => {
    const { token, id } = await entryClosedFor(30);
    const response = await post('/api/payments/orders', { entryToken: token });
    expect(response.statusCode, response.body).toBe(200);
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('after the grace period, starting a payment is refused (409) and no order is made', async () => {
    const { token, id } = await entryClosedFor(61);
    const ordersBefore = fake.orders.size;
    const response = await post('/api/payments/orders', { entryToken: token });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toEqual({
      error: { code: 'ENTRIES_CLOSED', message: PAYMENT_MESSAGES.entriesClosed },
    });
    expect(await ordersOf(id)).toEqual([]);
    expect(fake.orders.size).toBe(ordersBefore);
  });

  it('once the results are published, starting a payment is refused even within the grace', async () => {
    const { token, id, competitionId } = await entryClosedFor(5);
    await publishResultsOf(competitionId);
    const response = await post('/api/payments/orders', { entryToken: token });
    expect(response.statusCode).toBe(409);
    expect(json(response).error).toMatchObject({ code: 'ENTRIES_CLOSED' });
    expect(await ordersOf(id)).toEqual([]);
  });

  it('a payment verified after the grace is refunded in full, audited and the artist e-mailed', async () => {
    const { token, id } = await entryClosedFor(50);
    const orderId = json(await post('/api/payments/orders', { entryToken: token }))
      .orderId as string;
    const payment = fake.addPayment(orderId, 'captured');
    clock.advance(15 * MINUTE);
    const response = await post('/api/payments/verify', {
      entryToken: token,
      ...fake.checkoutResult(payment),
    });
    expect(response.statusCode).toBe(409);
    expect(json(response)).toEqual({
      error: { code: 'ENTRIES_CLOSED', message: PAYMENT_MESSAGES.refundedLate },
    });
    await expectRefusedLateOnce(id, payment);
  });

  it('a late capture told by the webhook, or found by reconciliation, is refunded the same way', async () => {
    const byWebhook = await entryClosedFor(59);
    const webhookOrder = json(await post('/api/payments/orders', { entryToken: byWebhook.token }))
      .orderId as string;
    const byReconciliation = await entryClosedFor(59);
    const reconciledOrder = json(
      await post('/api/payments/orders', { entryToken: byReconciliation.token }),
    ).orderId as string;
    clock.advance(5 * MINUTE);

    const captured = fake.addPayment(webhookOrder, 'captured');
    const { body, headers } = signedWebhook('payment.captured', {
      payment: { entity: { ...captured } },
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: RAZORPAY_WEBHOOK_PATH,
      headers,
      payload: body,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    await expectRefusedLateOnce(byWebhook.id, captured);

    const found = fake.addPayment(reconciledOrder, 'captured');
    clock.advance(60 * MINUTE);
    await reconcileDueOrders(t.app.deps, clock.now());
    await expectRefusedLateOnce(byReconciliation.id, found);
  });
});

/** Refunded once, however often the payment is heard of again. */
async function expectRefusedLateOnce(id: string, payment: FakePayment) {
  await expectRefundedLate(id, payment);
  const { body, headers } = signedWebhook('payment.captured', {
    payment: { entity: { ...payment, status: 'captured' } },
  });
  await t.app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK_PATH, headers, payload: body });
  await expectRefundedLate(id, payment);
}
