import { describe, expect, it } from 'vitest';
import { makeSubmissionRow } from '../../../../tests/factories/rows.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { RAZORPAY_WEBHOOK_PATH } from './razorpay-webhook.routes.ts';
import { TEST_KEY_ID } from './test-provider.ts';

/* With no Razorpay keys, the built-in test checkout takes the whole paid flow. */

const t = useTestApp();
const db = () => t.app.deps.db;

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: OUR_CLIENT_HEADERS, payload });

async function orderForNewEntry(fee = 499) {
  const row = makeSubmissionRow({ entry_type: 'paid', entry_fee: fee, payment_status: 'pending' });
  await db().insertInto('submissions').values(row).execute();
  const token = await t.app.deps.entryTokens.issue(row.id as string);
  const response = await post('/api/payments/orders', { entryToken: token });
  expect(response.statusCode, response.body).toBe(200);
  return {
    row,
    token,
    order: response.json() as { orderId: string; provider: string; keyId: string },
  };
}

const paymentStatus = async (id: string) =>
  (
    await db()
      .selectFrom('submissions')
      .select('payment_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).payment_status;

describe(`the test checkout on ${TEST_ENGINE}`, () => {
  it('makes a test order, shown to the checkout page with its amount', async () => {
    const { row, order } = await orderForNewEntry(1500);
    expect(order).toMatchObject({ provider: 'test', keyId: TEST_KEY_ID });
    const shown = await t.app.inject(`/api/payments/test-checkout/${order.orderId}`);
    expect(shown.json()).toEqual({
      orderId: order.orderId,
      amountPaise: 150_000,
      currency: 'INR',
      receipt: row.reference,
    });
  });

  it('Pay: hands back a signed result that the server checks and takes as paid', async () => {
    const { row, token, order } = await orderForNewEntry();
    const paid = await post(`/api/payments/test-checkout/${order.orderId}`, { outcome: 'pay' });
    expect(paid.statusCode).toBe(200);
    const result = paid.json() as Record<string, string>;
    expect(result.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);
    // Paid already (the test provider tells at once, as a webhook would).
    expect(await paymentStatus(row.id as string)).toBe('paid');
    const confirmed = await post('/api/payments/verify', { entryToken: token, ...result });
    expect(confirmed.json()).toEqual({ paymentStatus: 'paid' });
    const tampered = await post('/api/payments/verify', {
      entryToken: token,
      ...result,
      razorpay_signature: 'a'.repeat(64),
    });
    expect(tampered.statusCode).toBe(400);
  });

  it('three concurrent Pay presses on one order make one payment, and each is told of it', async () => {
    const { row, token, order } = await orderForNewEntry();
    const presses = await Promise.all(
      [1, 2, 3].map(() => post(`/api/payments/test-checkout/${order.orderId}`, { outcome: 'pay' })),
    );
    expect(presses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const results = presses.map((r) => r.json() as Record<string, string>);
    expect(new Set(results.map((r) => r.razorpay_payment_id)).size).toBe(1);
    const booked = await db()
      .selectFrom('test_checkout_payments')
      .select(['payment_id', 'status'])
      .where('order_id', '=', order.orderId)
      .execute();
    expect(booked).toEqual([{ payment_id: results[0]?.razorpay_payment_id, status: 'captured' }]);
    const ledger = await db()
      .selectFrom('payments')
      .select(['payment_id', 'status'])
      .where('submission_id', '=', row.id as string)
      .execute();
    expect(ledger).toEqual([{ payment_id: results[0]?.razorpay_payment_id, status: 'captured' }]);
    // One "received" e-mail, and a later press (a reload of the page) is told the same payment.
    const mails = await db()
      .selectFrom('email_outbox')
      .select('id')
      .where('submission_id', '=', row.id as string)
      .where('kind', '=', 'payment-received')
      .execute();
    expect(mails).toHaveLength(1);
    const later = await post(`/api/payments/test-checkout/${order.orderId}`, { outcome: 'pay' });
    expect(later.json()).toEqual(results[0]);
    const confirmed = await post('/api/payments/verify', { entryToken: token, ...results[2] });
    expect(confirmed.json()).toEqual({ paymentStatus: 'paid' });
  });

  it("Fail: 'Payment failed', the attempt in the ledger, the entry still pending and payable", async () => {
    const { row, token, order } = await orderForNewEntry();
    const failed = await post(`/api/payments/test-checkout/${order.orderId}`, { outcome: 'fail' });
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toMatchObject({ error: { message: 'Payment failed' } });
    expect(await paymentStatus(row.id as string)).toBe('pending');
    const ledger = await db()
      .selectFrom('payments')
      .select(['status', 'provider'])
      .where('submission_id', '=', row.id as string)
      .execute();
    expect(ledger).toEqual([{ status: 'failed', provider: 'test' }]);
    // The same order is offered again.
    const again = await post('/api/payments/orders', { entryToken: token });
    expect((again.json() as { orderId: string }).orderId).toBe(order.orderId);
  });

  it('refuses an unknown order and an outcome it does not know', async () => {
    expect((await t.app.inject('/api/payments/test-checkout/order_test_nope')).statusCode).toBe(
      404,
    );
    const { order } = await orderForNewEntry();
    const odd = await post(`/api/payments/test-checkout/${order.orderId}`, { outcome: 'maybe' });
    expect(odd.statusCode).toBe(400);
  });

  it('has no Razorpay webhook, and no Razorpay origin in any page policy', async () => {
    // Without the route, the path is an ordinary API path: our header is needed to reach the 404.
    const webhook = await post(RAZORPAY_WEBHOOK_PATH, {});
    expect(webhook.statusCode).toBe(404);
    const page = await t.app.inject('/registration-success');
    expect(String(page.headers['content-security-policy'])).not.toContain('razorpay');
  });
});
