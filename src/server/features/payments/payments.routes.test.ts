import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { CSRF_HEADER } from '../../../shared/csrf.ts';
import { checkoutSignature } from './razorpay-signatures.ts';
import { RAZORPAY_WEBHOOK_PATH } from './razorpay-webhook.routes.ts';
import { reconcileDueOrders } from './reconciliation.ts';

let fake: FakeRazorpay;
beforeAll(async () => {
  fake = await startFakeRazorpay();
});
afterAll(() => fake.close());

// Read when the app is built, after the fake listens (the getter runs in useTestApp's beforeAll).
const t = useTestApp({
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

/** A paid entry of ₹499, pending, and its token. */
async function paidEntry(overrides: Parameters<typeof makeSubmissionRow>[0] = {}) {
  const row = makeSubmissionRow({
    entry_type: 'paid',
    entry_fee: 499,
    payment_status: 'pending',
    ...overrides,
  });
  await db().insertInto('submissions').values(row).execute();
  return { row, token: await t.app.deps.entryTokens.issue(row.id as string) };
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...OUR_CLIENT_HEADERS, ...headers },
    payload: payload as object,
  });

const startCheckout = (entryToken: string) => post('/api/payments/orders', { entryToken });

const confirm = (entryToken: string, result: Record<string, string>) =>
  post('/api/payments/verify', { entryToken, ...result });

const webhook = (
  event: string,
  payload: Record<string, unknown>,
  options: Parameters<typeof signedWebhook>[2] = {},
) => {
  const { body, headers } = signedWebhook(event, payload, options);
  return t.app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK_PATH, headers, payload: body });
};

const paymentPayload = (payment: FakePayment) => ({ payment: { entity: { ...payment } } });

async function entryState(id: string) {
  return db()
    .selectFrom('submissions')
    .select(['payment_status', 'paid_at', 'refunded_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function ledger(submissionId: string) {
  return db()
    .selectFrom('payments')
    .select(['payment_id', 'status', 'amount_paise', 'currency', 'event_ids'])
    .where('submission_id', '=', submissionId)
    .orderBy('created_at')
    .execute();
}

async function paymentEmails(submissionId: string) {
  return db()
    .selectFrom('email_outbox')
    .select(['kind', 'subject', 'to_address'])
    .where('submission_id', '=', submissionId)
    .where('kind', '=', 'payment-received')
    .execute();
}

const json = (response: LightMyRequestResponse) => response.json() as Record<string, unknown>;

beforeEach(() => {
  fake.failNext(0);
});

describe('starting a checkout', () => {
  it('makes an order of the fee in paise, INR, the reference as receipt, captured automatically', async () => {
    const { row, token } = await paidEntry({ entry_fee: 100000 });
    const response = await startCheckout(token);
    expect(response.statusCode).toBe(200);
    const order = json(response);
    expect(order).toMatchObject({
      provider: 'razorpay',
      keyId: FAKE_KEY_ID,
      amountPaise: 10_000_000,
      currency: 'INR',
      reference: row.reference,
      prefill: { name: row.full_name, email: row.email, contact: row.phone },
    });
    const sent = fake.requests.filter((r) => r.path === '/v1/orders').at(-1);
    expect(sent?.body).toMatchObject({
      amount: 10_000_000,
      currency: 'INR',
      receipt: row.reference,
      payment_capture: true,
    });
    expect(JSON.stringify(order)).not.toContain(FAKE_KEY_SECRET);
  });

  it('reuses the open order: a second click, even at once, never makes a second', async () => {
    const { token } = await paidEntry();
    const before = fake.orders.size;
    const answers = await Promise.all([startCheckout(token), startCheckout(token)]);
    const again = await startCheckout(token);
    const ids = [...answers, again].map((r) => json(r).orderId);
    expect(new Set(ids).size).toBe(1);
    expect(fake.orders.size).toBe(before + 1);
  });

  it("says 'Failed to initialize payment' when Razorpay fails or hangs, and a later try works", async () => {
    const { row, token } = await paidEntry();
    fake.failNext(1);
    const failed = await startCheckout(token);
    expect(failed.statusCode).toBe(502);
    expect(json(failed).error).toMatchObject({ message: 'Failed to initialize payment' });
    expect((await entryState(row.id as string)).payment_status).toBe('pending');
    const retried = await startCheckout(token);
    expect(retried.statusCode).toBe(200);
  });

  it('refuses a free entry, a paid one, and a token altered, expired or missing', async () => {
    const free = await paidEntry({ entry_type: 'free', entry_fee: 0, payment_status: 'paid' });
    expect((await startCheckout(free.token)).statusCode).toBe(409);
    const paid = await paidEntry({ payment_status: 'paid' });
    expect(json(await startCheckout(paid.token)).error).toMatchObject({ code: 'ALREADY_PAID' });

    const { row, token } = await paidEntry();
    const altered = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await startCheckout(altered)).statusCode).toBe(404);
    const expired = await t.app.deps.entryTokens.issue(
      row.id as string,
      new Date(Date.now() - 61 * 24 * 3600 * 1000),
    );
    expect((await startCheckout(expired)).statusCode).toBe(404);
    const other = token.replace(row.id as string, free.row.id as string);
    expect((await startCheckout(other)).statusCode).toBe(404);
    expect((await post('/api/payments/orders', {})).statusCode).toBe(400);
    expect(
      (await post('/api/payments/orders', { entryToken: token, amountPaise: 1 })).statusCode,
    ).toBe(400);
  });
});

describe('the browser after the checkout', () => {
  async function orderFor() {
    const entry = await paidEntry();
    const orderId = json(await startCheckout(entry.token)).orderId as string;
    return { ...entry, orderId };
  }

  it('marks the entry paid once the signature and Razorpay agree, and e-mails the artist once', async () => {
    const { row, token, orderId } = await orderFor();
    const payment = fake.addPayment(orderId, 'captured');
    const response = await confirm(token, fake.checkoutResult(payment));
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ paymentStatus: 'paid' });
    expect((await entryState(row.id as string)).payment_status).toBe('paid');
    expect(await ledger(row.id as string)).toMatchObject([
      { payment_id: payment.id, status: 'captured', amount_paise: 49_900, currency: 'INR' },
    ]);
    // The same proof again changes nothing and sends nothing more.
    expect((await confirm(token, fake.checkoutResult(payment))).statusCode).toBe(200);
    expect(await paymentEmails(row.id as string)).toEqual([
      {
        kind: 'payment-received',
        subject: `Payment Received: ${row.competition_title} (${row.reference})`,
        to_address: row.email,
      },
    ]);
  });

  it("writes the payment e-mail in the art space's words when its template was edited", async () => {
    await db()
      .insertInto('email_templates')
      .values({
        kind: 'payment-received',
        subject: 'Fee in: {amount} for {reference}',
        body: 'Thank you, {name}.',
        updated_at: new Date().toISOString(),
      })
      .execute();
    try {
      const { row, token, orderId } = await orderFor();
      const payment = fake.addPayment(orderId, 'captured');
      expect((await confirm(token, fake.checkoutResult(payment))).statusCode).toBe(200);
      expect(await paymentEmails(row.id as string)).toEqual([
        {
          kind: 'payment-received',
          subject: `Fee in: ₹499 for ${row.reference}`,
          to_address: row.email,
        },
      ]);
    } finally {
      await db().deleteFrom('email_templates').execute();
    }
  });

  it('captures an authorized payment before marking it paid', async () => {
    const { row, token, orderId } = await orderFor();
    const payment = fake.addPayment(orderId, 'authorized');
    expect((await confirm(token, fake.checkoutResult(payment))).statusCode).toBe(200);
    expect(fake.payments.get(payment.id)?.status).toBe('captured');
    expect((await entryState(row.id as string)).payment_status).toBe('paid');
  });

  it.each([
    ['wrong', (s: string) => `${s.slice(0, -1)}${s.endsWith('0') ? '1' : '0'}`],
    ['empty', () => ''],
    ['not hex', () => 'x'.repeat(64)],
    ['of the wrong length', (s: string) => s.slice(0, 40)],
    ['made with another secret', () => 'f'.repeat(64)],
  ])('refuses a signature that is %s with 400, changing nothing', async (_, change) => {
    const { row, token, orderId } = await orderFor();
    const payment = fake.addPayment(orderId, 'captured');
    const result = fake.checkoutResult(payment);
    const response = await confirm(token, {
      ...result,
      razorpay_signature: change(result.razorpay_signature),
    });
    expect(response.statusCode).toBe(400);
    expect((await entryState(row.id as string)).payment_status).toBe('pending');
    expect(await ledger(row.id as string)).toEqual([]);
  });

  it("refuses a signature valid for another entry's order", async () => {
    const mine = await orderFor();
    const theirs = await orderFor();
    const payment = fake.addPayment(theirs.orderId, 'captured');
    // Valid for their order, sent with my token (and naming my order id, which is ignored).
    const response = await confirm(mine.token, {
      ...fake.checkoutResult(payment),
      razorpay_order_id: mine.orderId,
    });
    expect(response.statusCode).toBe(400);
    expect((await entryState(mine.row.id as string)).payment_status).toBe('pending');
  });

  it('does not mark paid a payment Razorpay reports for another amount, or failed', async () => {
    const { row, token, orderId } = await orderFor();
    const short = fake.addPayment(orderId, 'captured', { amount: 100 });
    expect((await confirm(token, fake.checkoutResult(short))).statusCode).toBe(402);
    const failed = fake.addPayment(orderId, 'failed');
    const response = await confirm(token, fake.checkoutResult(failed));
    expect(response.statusCode).toBe(402);
    expect(json(response).error).toMatchObject({ message: 'Payment failed' });
    expect((await entryState(row.id as string)).payment_status).toBe('pending');
  });

  it('ignores what the browser says of amounts or states', async () => {
    const { token, orderId } = await orderFor();
    const payment = fake.addPayment(orderId, 'captured');
    const response = await confirm(token, {
      ...fake.checkoutResult(payment),
      paymentStatus: 'paid',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the webhook', () => {
  async function orderFor() {
    const entry = await paidEntry();
    const orderId = json(await startCheckout(entry.token)).orderId as string;
    return { ...entry, orderId };
  }

  it('marks the entry paid on payment.captured, answering 200', async () => {
    const { row, orderId } = await orderFor();
    const payment = fake.addPayment(orderId, 'captured');
    const response = await webhook('payment.captured', paymentPayload(payment));
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ received: true, outcome: 'applied' });
    expect((await entryState(row.id as string)).payment_status).toBe('paid');
  });

  it('takes order.paid as the captured payment it carries', async () => {
    const { row, orderId } = await orderFor();
    const payment = fake.addPayment(orderId, 'captured');
    const order = fake.orders.get(orderId);
    await webhook('order.paid', { ...paymentPayload(payment), order: { entity: order } });
    expect((await entryState(row.id as string)).payment_status).toBe('paid');
  });

  it('changes nothing for the same event twice, even at once, and answers both 2xx', async () => {
    const { row, orderId } = await orderFor();
    const payment = fake.addPayment(orderId, 'captured');
    const eventId = `evt_${Date.now()}`;
    const responses = await Promise.all([
      webhook('payment.captured', paymentPayload(payment), { eventId }),
      webhook('payment.captured', paymentPayload(payment), { eventId }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(responses.map((r) => json(r).outcome).sort()).toEqual(['applied', 'repeat']);
    expect(await ledger(row.id as string)).toMatchObject([
      { event_ids: JSON.stringify([eventId]) },
    ]);
    expect(await paymentEmails(row.id as string)).toHaveLength(1);
  });

  it('accepts events in any order: captured, then a late failed and authorized, stays paid', async () => {
    const { row, orderId } = await orderFor();
    const payment = fake.addPayment(orderId, 'captured');
    await webhook('payment.captured', paymentPayload(payment));
    await webhook('payment.failed', paymentPayload({ ...payment, status: 'failed' }));
    await webhook('payment.authorized', paymentPayload({ ...payment, status: 'authorized' }));
    expect(await ledger(row.id as string)).toMatchObject([{ status: 'captured' }]);
    expect((await entryState(row.id as string)).payment_status).toBe('paid');
  });

  it('lets a failed attempt be captured later (the bank answered late)', async () => {
    const { row, orderId } = await orderFor();
    const payment = fake.addPayment(orderId, 'failed');
    await webhook('payment.failed', paymentPayload(payment));
    expect((await entryState(row.id as string)).payment_status).toBe('pending');
    expect(await ledger(row.id as string)).toMatchObject([{ status: 'failed' }]);
    await webhook(
      'payment.captured',
      paymentPayload({ ...payment, status: 'captured', captured: true }),
    );
    expect(await ledger(row.id as string)).toMatchObject([{ status: 'captured' }]);
    expect((await entryState(row.id as string)).payment_status).toBe('paid');
  });

  it('keeps two captured payments of one entry in the ledger, paid once, e-mailed once', async () => {
    const { row, orderId } = await orderFor();
    const first = fake.addPayment(orderId, 'captured');
    const second = fake.addPayment(orderId, 'captured');
    await webhook('payment.captured', paymentPayload(first));
    await webhook('payment.captured', paymentPayload(second));
    expect((await ledger(row.id as string)).map((p) => p.status)).toEqual(['captured', 'captured']);
    expect(await paymentEmails(row.id as string)).toHaveLength(1);
  });

  it('records refund.processed: the payment refunded, the entry marked refunded', async () => {
    const { row, orderId } = await orderFor();
    const payment = fake.addPayment(orderId, 'captured');
    await webhook('payment.captured', paymentPayload(payment));
    await webhook('refund.processed', {
      refund: { entity: { id: 'rfnd_Fake1', payment_id: payment.id, amount: payment.amount } },
      ...paymentPayload({ ...payment, status: 'refunded' }),
    });
    expect(await ledger(row.id as string)).toMatchObject([{ status: 'refunded' }]);
    const state = await entryState(row.id as string);
    expect(state.payment_status).toBe('paid');
    expect(state.refunded_at).not.toBeNull();
  });

  it('answers 2xx for an unknown order and an event it does not use', async () => {
    const unknown = await webhook('payment.captured', {
      payment: {
        entity: {
          id: 'pay_X',
          order_id: 'order_Unknown',
          amount: 100,
          currency: 'INR',
          status: 'captured',
        },
      },
    });
    expect(unknown.statusCode).toBe(200);
    expect(json(unknown).outcome).toBe('unknown-order');
    const other = await webhook('subscription.charged', {});
    expect(json(other)).toEqual({ received: true, outcome: 'ignored' });
  });

  it('refuses a body re-serialised, unsigned, or signed with the key secret (400)', async () => {
    const { row, orderId } = await orderFor();
    const payment = fake.addPayment(orderId, 'captured');
    const { body, headers } = signedWebhook('payment.captured', paymentPayload(payment));
    const respaced = JSON.stringify(JSON.parse(body), null, 2);
    const attempts = [
      { headers, payload: respaced },
      { headers: { ...headers, 'x-razorpay-signature': '' }, payload: body },
      {
        headers: { 'content-type': 'application/json', 'x-razorpay-event-id': 'evt_1' },
        payload: body,
      },
      {
        ...signedWebhook('payment.captured', paymentPayload(payment), { secret: FAKE_KEY_SECRET }),
        payload: undefined,
      },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({
        method: 'POST',
        url: RAZORPAY_WEBHOOK_PATH,
        headers: attempt.headers,
        payload: attempt.payload ?? (attempt as { body: string }).body,
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await entryState(row.id as string)).payment_status).toBe('pending');
    expect(await ledger(row.id as string)).toEqual([]);
  });

  it('needs no CSRF header (Razorpay signs it instead)', async () => {
    const { orderId } = await orderFor();
    const payment = fake.addPayment(orderId, 'captured');
    const { body, headers } = signedWebhook('payment.captured', paymentPayload(payment));
    expect(headers).not.toHaveProperty(CSRF_HEADER);
    const response = await t.app.inject({
      method: 'POST',
      url: RAZORPAY_WEBHOOK_PATH,
      headers,
      payload: body,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 5xx when the database fails, so Razorpay tries again', async () => {
    const { orderId } = await orderFor();
    const payment = fake.addPayment(orderId, 'captured');
    const { body, headers } = signedWebhook('payment.captured', paymentPayload(payment));
    const original = t.app.deps.payments.applyFact;
    t.app.deps.payments.applyFact = () => Promise.reject(new Error('database is down'));
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: RAZORPAY_WEBHOOK_PATH,
        headers,
        payload: body,
      });
      expect(response.statusCode).toBe(500);
    } finally {
      t.app.deps.payments.applyFact = original;
    }
  });
});

describe('registration hands the artist the key to pay', () => {
  it("a paid registration's receipt carries an entry token that starts its checkout", async () => {
    const { competition } = await addCompetition(t, { entry_type: 'paid', entry_fee: 250 });
    const response = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), await defaultFiles()),
    );
    expect(response.statusCode).toBe(201);
    const receipt = json(response);
    const order = await startCheckout(receipt.entryToken as string);
    expect(json(order)).toMatchObject({ amountPaise: 25_000, reference: receipt.reference });
    const payment = fake.addPayment(json(order).orderId as string, 'captured');
    expect(payment.amount).toBe(25_000);
    expect(checkoutSignature(payment.order_id, payment.id, FAKE_KEY_SECRET)).toBe(
      fake.checkoutResult(payment).razorpay_signature,
    );
    expect(json(await confirm(receipt.entryToken as string, fake.checkoutResult(payment)))).toEqual(
      { paymentStatus: 'paid' },
    );
  });
});

describe("Razorpay's checkout in the Content-Security-Policy", () => {
  const policyOf = async (url: string) =>
    String((await t.app.inject(url)).headers['content-security-policy']);
  const directive = (policy: string, name: string) =>
    policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));

  it('allows its script, frames and calls on the pages that open it', async () => {
    for (const page of ['/register/competition?competition=x', '/registration-success', '/entry']) {
      const policy = await policyOf(page);
      expect(directive(policy, 'script-src')).toBe(
        "script-src 'self' https://checkout.razorpay.com",
      );
      expect(directive(policy, 'frame-src')).toContain('https://api.razorpay.com');
      expect(directive(policy, 'connect-src')).toBe(
        "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com",
      );
    }
  });

  it('allows none of it anywhere else', async () => {
    for (const page of ['/', '/about', '/admin', '/api/settings']) {
      const policy = await policyOf(page);
      expect(policy).not.toContain('razorpay');
      expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    }
  });
});

describe('reconciliation of orders left pending', () => {
  const minutes = (n: number) => n * 60 * 1000;

  async function orderCreatedAt(created: Date) {
    const entry = await paidEntry();
    const orderId = json(await startCheckout(entry.token)).orderId as string;
    await db()
      .updateTable('payment_orders')
      .set({
        created_at: created.toISOString(),
        check_after: new Date(created.getTime() + minutes(15)).toISOString(),
      })
      .where('order_id', '=', orderId)
      .execute();
    return { ...entry, orderId };
  }

  const orderRow = (orderId: string) =>
    db()
      .selectFrom('payment_orders')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();

  const paymentsAsked = (orderId: string) =>
    fake.requests.filter((r) => r.path === `/v1/orders/${orderId}/payments`).length;

  it('marks paid an artist who paid and closed the tab, once 15 minutes have passed', async () => {
    const created = new Date(Date.now() - minutes(20));
    const { row, orderId } = await orderCreatedAt(created);
    fake.addPayment(orderId, 'captured');
    // Not yet due 10 minutes in.
    await reconcileDueOrders(t.app.deps, new Date(created.getTime() + minutes(10)));
    expect(paymentsAsked(orderId)).toBe(0);
    await reconcileDueOrders(t.app.deps, new Date(created.getTime() + minutes(16)));
    expect(paymentsAsked(orderId)).toBe(1);
    expect((await entryState(row.id as string)).payment_status).toBe('paid');
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', check_after: null });
  });

  it('captures an authorized payment it finds', async () => {
    const created = new Date(Date.now() - minutes(20));
    const { row, orderId } = await orderCreatedAt(created);
    const payment = fake.addPayment(orderId, 'authorized');
    await reconcileDueOrders(t.app.deps, new Date(created.getTime() + minutes(16)));
    expect(fake.payments.get(payment.id)?.status).toBe('captured');
    expect((await entryState(row.id as string)).payment_status).toBe('paid');
  });

  it('backs off while nothing is paid, and gives up after 24 hours', async () => {
    const created = new Date(Date.now() - minutes(20));
    const { orderId } = await orderCreatedAt(created);
    let now = new Date(created.getTime() + minutes(16));
    await reconcileDueOrders(t.app.deps, now);
    expect((await orderRow(orderId)).check_after).toBe(
      new Date(now.getTime() + minutes(30)).toISOString(),
    );
    now = new Date(now.getTime() + minutes(31));
    await reconcileDueOrders(t.app.deps, now);
    expect((await orderRow(orderId)).check_after).toBe(
      new Date(now.getTime() + minutes(60)).toISOString(),
    );
    // Day's end: no further check is scheduled.
    await db()
      .updateTable('payment_orders')
      .set({ checks: 8 })
      .where('order_id', '=', orderId)
      .execute();
    now = new Date(created.getTime() + minutes(23 * 60));
    await db()
      .updateTable('payment_orders')
      .set({ check_after: now.toISOString() })
      .where('order_id', '=', orderId)
      .execute();
    await reconcileDueOrders(t.app.deps, now);
    expect(await orderRow(orderId)).toMatchObject({ status: 'created', check_after: null });
    const asked = paymentsAsked(orderId);
    await reconcileDueOrders(t.app.deps, new Date(now.getTime() + minutes(60 * 48)));
    expect(paymentsAsked(orderId)).toBe(asked);
  });

  it('keeps the order for a later check when Razorpay fails', async () => {
    const created = new Date(Date.now() - minutes(20));
    const { row, orderId } = await orderCreatedAt(created);
    fake.addPayment(orderId, 'captured');
    fake.failNext(3);
    const now = new Date(created.getTime() + minutes(16));
    await reconcileDueOrders(t.app.deps, now);
    expect((await entryState(row.id as string)).payment_status).toBe('pending');
    expect(await orderRow(orderId)).toMatchObject({
      status: 'created',
      claimed_until: null,
      checks: 1,
    });
    await reconcileDueOrders(t.app.deps, new Date(now.getTime() + minutes(31)));
    expect((await entryState(row.id as string)).payment_status).toBe('paid');
  });

  it('never checks one order twice at once, with two servers on one database', async () => {
    const created = new Date(Date.now() - minutes(20));
    const orders = await Promise.all([1, 2, 3].map(() => orderCreatedAt(created)));
    const now = new Date(created.getTime() + minutes(16));
    const counts = await Promise.all([
      reconcileDueOrders(t.app.deps, now),
      reconcileDueOrders(t.app.deps, now),
    ]);
    expect(counts[0]! + counts[1]!).toBe(3);
    for (const { orderId } of orders) expect(paymentsAsked(orderId)).toBe(1);
  });
});
