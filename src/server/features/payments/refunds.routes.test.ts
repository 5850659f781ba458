import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeSubmissionRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  freshAddress,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import {
  FAKE_KEY_ID,
  FAKE_KEY_SECRET,
  FAKE_WEBHOOK_SECRET,
  type FakePayment,
  type FakeRazorpay,
  signedWebhook,
  startFakeRazorpay,
} from '../../../../tests/setup/fake-razorpay.ts';
import { OUR_CLIENT_HEADERS, type TestApp, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { AdminEntry } from '../../../shared/schemas/admin-entry.ts';
import type { Dashboard } from '../../../shared/schemas/admin.ts';
import { FIELDS_INVALID_MESSAGE } from '../../errors.ts';
import {
  PAYMENT_RECEIVED_KIND,
  PAYMENT_REFUNDED_KIND,
  REFUND_TIMING,
} from '../mail/artist-emails.ts';
import { SUBMISSION_NOT_FOUND } from '../review/admin-entry.ts';
import { PAYMENT_MESSAGES } from './payment-messages.ts';
import { refundKeyOf } from './refunds.ts';
import { createRazorpayProvider } from './razorpay-client.ts';
import { RAZORPAY_WEBHOOK_PATH } from './razorpay-webhook.routes.ts';

/*
 * An admin's view of an entry with its payment ledger (GET /api/admin/submissions/:id) and the
 * refund of a received payment (POST /api/admin/payments/:paymentId/refund), over HTTP, against
 * the local fake of Razorpay (tests/setup/fake-razorpay.ts); then once more with the built-in
 * test provider, as the app runs without Razorpay keys.
 */

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

let adminToken: string;
beforeAll(async () => {
  adminToken = await signIn(t, 'admin', ADMIN_PASSWORD);
});

beforeEach(() => {
  fake.failNext(0);
});

const FEE = 499;
const FEE_PAISE = 49_900;
const refundUrl = (paymentId: string) => `/api/admin/payments/${paymentId}/refund`;
const entryUrl = (submissionId: string) => `/api/admin/submissions/${submissionId}`;

const json = (response: LightMyRequestResponse) => response.json() as Record<string, unknown>;

const post = (app: TestApp, url: string, payload: object) =>
  app.app.inject({
    method: 'POST',
    url,
    headers: OUR_CLIENT_HEADERS,
    remoteAddress: freshAddress(),
    payload,
  });

/** A paid entry of ₹499, pending, stored in `app`, with its entry token. */
async function paidEntry(app: TestApp = t) {
  const row = makeSubmissionRow({ entry_type: 'paid', entry_fee: FEE, payment_status: 'pending' });
  await app.app.deps.db.insertInto('submissions').values(row).execute();
  return {
    row,
    id: row.id as string,
    token: await app.app.deps.entryTokens.issue(row.id as string),
  };
}

/** A paid entry with its open order at the fake. */
async function entryWithOrder() {
  const entry = await paidEntry();
  const order = await post(t, '/api/payments/orders', { entryToken: entry.token });
  expect(order.statusCode, order.body).toBe(200);
  return { ...entry, orderId: json(order).orderId as string };
}

/** The artist paid at the fake and the browser's proof came back: the entry is received. */
async function paidThroughVerify() {
  const entry = await entryWithOrder();
  const payment = fake.addPayment(entry.orderId, 'captured');
  const confirmed = await post(t, '/api/payments/verify', {
    entryToken: entry.token,
    ...fake.checkoutResult(payment),
  });
  expect(confirmed.json()).toEqual({ paymentStatus: 'paid' });
  return { ...entry, payment };
}

const paymentPayload = (payment: FakePayment) => ({ payment: { entity: { ...payment } } });

function webhook(event: string, payload: Record<string, unknown>) {
  const { body, headers } = signedWebhook(event, payload);
  return t.app.inject({ method: 'POST', url: RAZORPAY_WEBHOOK_PATH, headers, payload: body });
}

/** The artist paid at the fake and Razorpay's signed webhook told the server. */
async function paidThroughWebhook() {
  const entry = await entryWithOrder();
  const payment = fake.addPayment(entry.orderId, 'captured');
  const response = await webhook('payment.captured', paymentPayload(payment));
  expect(json(response)).toEqual({ received: true, outcome: 'applied' });
  return { ...entry, payment };
}

const admin = (method: 'GET' | 'POST', url: string, app: TestApp = t, token = adminToken) =>
  asAdmin(app, token, method, url);

const refund = (paymentId: string) => admin('POST', refundUrl(paymentId));

/** The refund requests the fake received for a payment. */
const refundCalls = (paymentId: string) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${paymentId}/refund`);

const refundsMade = (paymentId: string) => fake.refunds.filter((r) => r.payment_id === paymentId);

/** The submission as stored: its payment state's parts. */
const entryRow = (app: TestApp, id: string) =>
  app.app.deps.db
    .selectFrom('submissions')
    .select(['payment_status', 'paid_at', 'refunded_at', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const paymentRow = (app: TestApp, paymentId: string) =>
  app.app.deps.db
    .selectFrom('payments')
    .select(['status', 'refund_id', 'updated_at'])
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();

const emailsOf = (app: TestApp, submissionId: string, kind: string) =>
  app.app.deps.db
    .selectFrom('email_outbox')
    .select(['to_address', 'subject', 'body_text', 'body_html'])
    .where('submission_id', '=', submissionId)
    .where('kind', '=', kind)
    .execute();

const refundAudits = async (app: TestApp, submissionId: string) =>
  (
    await app.app.deps.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'admin_user_id', 'entity_type', 'entity_id', 'details'])
      .where('action', '=', 'payment.refund')
      .where('entity_id', '=', submissionId)
      .execute()
  ).map((row) => ({ ...row, details: JSON.parse(row.details ?? 'null') as unknown }));

/** What the artist's entry page shows of the payment. */
async function paymentStateShown(app: TestApp, token: string) {
  const response = await post(app, '/api/entries/view', { entryToken: token });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).paymentState;
}

const dashboard = async () => {
  const response = await admin('GET', '/api/admin/dashboard');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Dashboard;
};

const adminId = async (app: TestApp) =>
  (
    await app.app.deps.db
      .selectFrom('admin_users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id;

describe(`GET /api/admin/submissions/:id on ${TEST_ENGINE}`, () => {
  it('needs a session (401)', async () => {
    const { id } = await paidEntry();
    for (const cookies of [{}, { ws_session: 'not-a-session' }] as Record<string, string>[]) {
      const response = await t.app.inject({
        method: 'GET',
        url: entryUrl(id),
        headers: OUR_CLIENT_HEADERS,
        cookies,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' },
      });
      expect(response.body).not.toContain('Aarav');
    }
  });

  it('answers 400 for an id that is no uuid, 404 for an unknown one', async () => {
    for (const id of ['not-a-uuid', '123', `${randomUUID()}x`, 'WS-2026-000001']) {
      const response = await admin('GET', entryUrl(id));
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error, id).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: FIELDS_INVALID_MESSAGE,
        fields: { id: expect.any(String) as string },
      });
    }
    const unknown = await admin('GET', entryUrl(randomUUID()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: SUBMISSION_NOT_FOUND } });
  });

  it('shows an entry not yet paid with an empty ledger', async () => {
    const { row, id } = await paidEntry();
    const response = await admin('GET', entryUrl(id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      id,
      fullName: row.full_name,
      entry: {
        reference: row.reference,
        competition: { id: null, title: row.competition_title },
        submittedAt: row.created_at,
        status: 'pending',
        paymentState: 'pending',
        entryFee: FEE,
        details: expect.any(Array) as unknown[],
        // Inserted as a row of its own, from before the form asked; no results published.
        publicationConsent: null,
        publicationConsentAt: null,
        result: null,
      },
      payments: [],
      paidTwice: false,
      // Registered in time, with no artist's extension (decision 021).
      extension: null,
      changedAfterReview: null,
    });
  });

  it('shows the payment ledger: a failed attempt, then the captured payment', async () => {
    const { id, orderId } = await entryWithOrder();
    const failed = fake.addPayment(orderId, 'failed');
    await webhook('payment.failed', paymentPayload(failed));
    const captured = fake.addPayment(orderId, 'captured');
    await webhook('payment.captured', paymentPayload(captured));

    const entry = (await admin('GET', entryUrl(id))).json() as AdminEntry;
    expect(entry.entry.paymentState).toBe('received');
    expect(entry.paidTwice).toBe(false);
    expect(entry.payments).toHaveLength(2);
    const byId = new Map(entry.payments.map((p) => [p.paymentId, p]));
    expect(byId.get(failed.id)).toEqual({
      paymentId: failed.id,
      orderId,
      provider: 'razorpay',
      amountPaise: FEE_PAISE,
      currency: 'INR',
      status: 'failed',
      errorDescription: failed.error_description,
      refundId: null,
      createdAt: expect.any(String) as string,
      updatedAt: expect.any(String) as string,
    });
    expect(byId.get(captured.id)).toMatchObject({
      status: 'captured',
      errorDescription: null,
      refundId: null,
      amountPaise: FEE_PAISE,
    });
  });
});

describe(`POST /api/admin/payments/:paymentId/refund with Razorpay on ${TEST_ENGINE}`, () => {
  it('refunds a payment confirmed by the browser: one refund at Razorpay, keyed by the payment', async () => {
    const { row, id, token, payment } = await paidThroughVerify();
    expect(await paymentStateShown(t, token)).toBe('received');

    const response = await refund(payment.id);
    expect(response.statusCode, response.body).toBe(200);
    const made = refundsMade(payment.id);
    expect(made).toHaveLength(1);
    const answer = response.json() as AdminEntry;
    expect(answer).toMatchObject({
      id,
      fullName: row.full_name,
      entry: { reference: row.reference, paymentState: 'refunded', entryFee: FEE },
      paidTwice: false,
    });
    expect(answer.payments).toEqual([
      expect.objectContaining({
        paymentId: payment.id,
        status: 'refunded',
        refundId: made[0]!.id,
        amountPaise: FEE_PAISE,
      }),
    ]);

    // What Razorpay was asked: the full amount, under the payment's one idempotency key.
    const calls = refundCalls(payment.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['x-refund-idempotency']).toBe(`refund_${payment.id}`);
    expect(refundKeyOf(payment.id)).toBe(`refund_${payment.id}`);
    expect(calls[0]!.body).toMatchObject({ amount: FEE_PAISE });
    expect(made[0]).toMatchObject({ amount: FEE_PAISE, currency: 'INR' });

    // Stored: the payment refunded, the entry refunded (still counted as paid), the artist told.
    expect(await paymentRow(t, payment.id)).toMatchObject({
      status: 'refunded',
      refund_id: made[0]!.id,
    });
    const stored = await entryRow(t, id);
    expect(stored.payment_status).toBe('paid');
    expect(stored.refunded_at).not.toBeNull();
    expect(await paymentStateShown(t, token)).toBe('refunded');
    expect(json(await admin('GET', entryUrl(id)))).toEqual(json(response));
  });

  it('e-mails the artist once and audits the refund once, naming the admin', async () => {
    const { row, id, payment } = await paidThroughWebhook();
    expect((await refund(payment.id)).statusCode).toBe(200);

    const emails = await emailsOf(t, id, PAYMENT_REFUNDED_KIND);
    expect(emails).toHaveLength(1);
    const email = emails[0]!;
    expect(email.to_address).toBe(row.email);
    expect(email.subject).toBe(`Refund: ${row.competition_title} (${row.reference})`);
    expect(email.body_text).toContain(`Reference: ${row.reference}`);
    expect(email.body_text).toContain(REFUND_TIMING);
    expect(email.body_text).toContain('499');
    const link = /View your entry: (\S+\/entry#(\S+))/.exec(email.body_text);
    expect(link?.[1]?.startsWith(`${t.config.publicUrl}/entry#${id}.`)).toBe(true);
    expect(email.body_html).toContain(`href="${link?.[1]}"`);
    const opened = await post(t, '/api/entries/view', { entryToken: link?.[2] as string });
    expect(json(opened)).toMatchObject({ reference: row.reference, paymentState: 'refunded' });

    expect(await refundAudits(t, id)).toEqual([
      {
        action: 'payment.refund',
        actor: 'admin',
        admin_user_id: await adminId(t),
        entity_type: 'submission',
        entity_id: id,
        details: { paymentId: payment.id, amountPaise: FEE_PAISE },
      },
    ]);
    // The audit page lists it too.
    const page = await admin('GET', '/api/admin/audit-log');
    expect(page.statusCode).toBe(200);
    const listed = (page.json() as { entries: Record<string, unknown>[] }).entries.filter(
      (e) => e.action === 'payment.refund' && e.entityId === id,
    );
    expect(listed).toEqual([
      expect.objectContaining({
        actor: 'admin',
        entityType: 'submission',
        details: { paymentId: payment.id, amountPaise: FEE_PAISE },
      }),
    ]);
  });

  it('refuses a second refund with 409 ALREADY_REFUNDED, asking Razorpay nothing more', async () => {
    const { id, payment } = await paidThroughVerify();
    expect((await refund(payment.id)).statusCode).toBe(200);
    const again = await refund(payment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'ALREADY_REFUNDED', message: PAYMENT_MESSAGES.alreadyRefunded },
    });
    expect(refundCalls(payment.id)).toHaveLength(1);
    expect(refundsMade(payment.id)).toHaveLength(1);
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toHaveLength(1);
    expect(await refundAudits(t, id)).toHaveLength(1);
  });

  it('makes one refund of two, or three, requests at once', async () => {
    const { id, token, payment } = await paidThroughVerify();
    const responses = await Promise.all([
      refund(payment.id),
      refund(payment.id),
      refund(payment.id),
    ]);
    for (const response of responses) {
      // Each click is answered with the entry refunded, or told it is refunded already.
      if (response.statusCode === 200) {
        expect((response.json() as AdminEntry).entry.paymentState).toBe('refunded');
      } else {
        expect(response.statusCode).toBe(409);
        expect(response.json().error.code).toBe('ALREADY_REFUNDED');
      }
    }
    expect(responses.some((r) => r.statusCode === 200)).toBe(true);
    expect(refundsMade(payment.id)).toHaveLength(1);
    expect(refundCalls(payment.id)).toHaveLength(1);
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toHaveLength(1);
    expect(await refundAudits(t, id)).toHaveLength(1);
    expect(await paymentStateShown(t, token)).toBe('refunded');
  });

  it('needs a session (401) and our header (403), refunding nothing without them', async () => {
    const { id, payment } = await paidThroughVerify();
    const noSession = await t.app.inject({
      method: 'POST',
      url: refundUrl(payment.id),
      headers: OUR_CLIENT_HEADERS,
    });
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' },
    });
    const noHeader = await t.app.inject({
      method: 'POST',
      url: refundUrl(payment.id),
      cookies: { ws_session: adminToken },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toEqual({
      error: { code: 'CSRF_REJECTED', message: 'This request did not come from this site.' },
    });
    const otherSite = await t.app.inject({
      method: 'POST',
      url: refundUrl(payment.id),
      headers: { ...OUR_CLIENT_HEADERS, 'sec-fetch-site': 'cross-site' },
      cookies: { ws_session: adminToken },
    });
    expect(otherSite.statusCode).toBe(403);
    const aGet = await admin('GET', refundUrl(payment.id));
    expect(aGet.statusCode).toBe(404);

    expect(refundCalls(payment.id)).toEqual([]);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'captured' });
    expect((await entryRow(t, id)).refunded_at).toBeNull();
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toEqual([]);
    expect(await refundAudits(t, id)).toEqual([]);
  });

  it('answers 404 for an unknown payment and 400 for a malformed id', async () => {
    const unknown = await refund('pay_DoesNotExist01');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: 'NOT_FOUND', message: PAYMENT_MESSAGES.paymentNotFound },
    });
    for (const malformed of ['pay.1', 'pay%20x', 'pay%27--', 'x'.repeat(65), '%C3%A9t%C3%A9']) {
      const response = await refund(malformed);
      expect(response.statusCode, malformed).toBe(400);
      expect(response.json().error, malformed).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: FIELDS_INVALID_MESSAGE,
        fields: { paymentId: expect.any(String) as string },
      });
    }
    expect(refundCalls('pay_DoesNotExist01')).toEqual([]);
  });

  it('refuses a failed payment with 409 NOT_REFUNDABLE, asking Razorpay nothing', async () => {
    const { id, orderId } = await entryWithOrder();
    const failed = fake.addPayment(orderId, 'failed');
    await webhook('payment.failed', paymentPayload(failed));
    const response = await refund(failed.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'NOT_REFUNDABLE', message: PAYMENT_MESSAGES.notRefundable },
    });
    expect(refundCalls(failed.id)).toEqual([]);
    expect(await paymentRow(t, failed.id)).toMatchObject({ status: 'failed', refund_id: null });
    expect(await refundAudits(t, id)).toEqual([]);
  });

  it('refuses an authorized payment not yet captured with 409 NOT_REFUNDABLE', async () => {
    const { orderId } = await entryWithOrder();
    const authorized = fake.addPayment(orderId, 'authorized');
    // The webhook only records it; capturing is the browser's or reconciliation's part.
    await webhook('payment.authorized', paymentPayload(authorized));
    const response = await refund(authorized.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('NOT_REFUNDABLE');
    expect(refundCalls(authorized.id)).toEqual([]);
  });

  it('answers 502 REFUND_FAILED and changes nothing when Razorpay keeps failing', async () => {
    const { id, token, payment } = await paidThroughVerify();
    const before = await entryRow(t, id);
    // Refunds are tried three times (the key makes that safe): all three answer 500.
    fake.failNext(3);
    const response = await refund(payment.id);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: { code: 'REFUND_FAILED', message: PAYMENT_MESSAGES.refundFailed },
    });
    expect(refundCalls(payment.id)).toHaveLength(3);
    expect(refundsMade(payment.id)).toEqual([]);
    expect(await entryRow(t, id)).toEqual(before);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'captured', refund_id: null });
    expect(await paymentStateShown(t, token)).toBe('received');
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toEqual([]);
    expect(await refundAudits(t, id)).toEqual([]);

    // A later try works, once.
    const retried = await refund(payment.id);
    expect(retried.statusCode).toBe(200);
    expect(refundsMade(payment.id)).toHaveLength(1);
    expect(await paymentStateShown(t, token)).toBe('refunded');
  });

  it('answers 502 REFUND_FAILED when Razorpay can neither refund nor say what the payment is', async () => {
    const { id, token, payment } = await paidThroughVerify();
    const reads = () => fake.requests.filter((r) => r.path === `/v1/payments/${payment.id}`).length;
    const readsBefore = reads();
    // Three failed refund calls, then three failed reads of the payment.
    fake.failNext(6);
    const response = await refund(payment.id);
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('REFUND_FAILED');
    expect(reads()).toBe(readsBefore + 3);
    expect(refundCalls(payment.id)).toHaveLength(3);
    expect(refundsMade(payment.id)).toEqual([]);
    expect(await paymentStateShown(t, token)).toBe('received');
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toEqual([]);
    expect(await refundAudits(t, id)).toEqual([]);
  });

  it('gets through one failure of Razorpay by trying again with the same key', async () => {
    const { payment } = await paidThroughVerify();
    fake.failNext(1);
    const response = await refund(payment.id);
    expect(response.statusCode).toBe(200);
    const calls = refundCalls(payment.id);
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => c.headers['x-refund-idempotency'])).toEqual([
      refundKeyOf(payment.id),
      refundKeyOf(payment.id),
    ]);
    expect(refundsMade(payment.id)).toHaveLength(1);
  });

  it('answers 502 REFUND_FAILED and changes nothing when Razorpay hangs', async () => {
    const { id, token, payment } = await paidThroughVerify();
    // The client gives up on each call after its time limit (10 s in production, not set by the
    // configuration): the same client against the fake with a limit of 250 ms keeps this fast.
    const provider = t.app.deps.payments.provider;
    const original = provider.refund;
    provider.refund = createRazorpayProvider({
      keyId: FAKE_KEY_ID,
      keySecret: FAKE_KEY_SECRET,
      apiUrl: fake.url,
      timeoutMs: 250,
    }).refund;
    try {
      fake.failNext(3, 'hang');
      const response = await refund(payment.id);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        error: { code: 'REFUND_FAILED', message: PAYMENT_MESSAGES.refundFailed },
      });
    } finally {
      provider.refund = original;
    }
    expect(refundsMade(payment.id)).toEqual([]);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'captured' });
    expect((await entryRow(t, id)).refunded_at).toBeNull();
    expect(await paymentStateShown(t, token)).toBe('received');
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toEqual([]);
    expect(await refundAudits(t, id)).toEqual([]);
  });

  it("records a refund made already in Razorpay's dashboard when the admin asks for it", async () => {
    const { id, token, payment } = await paidThroughVerify();
    // Refunded at Razorpay, and no webhook came: Razorpay refuses a second refund.
    fake.payments.get(payment.id)!.status = 'refunded';
    const response = await refund(payment.id);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as AdminEntry).entry.paymentState).toBe('refunded');
    expect(refundsMade(payment.id)).toEqual([]);
    expect(await paymentStateShown(t, token)).toBe('refunded');
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toHaveLength(1);
    expect(await refundAudits(t, id)).toHaveLength(1);
  });

  it('changes nothing when the refund.processed webhook comes after the admin refund', async () => {
    const { id, payment } = await paidThroughVerify();
    expect((await refund(payment.id)).statusCode).toBe(200);
    const [made] = refundsMade(payment.id);
    const entryBefore = await entryRow(t, id);
    const paymentBefore = await paymentRow(t, payment.id);

    const response = await webhook('refund.processed', {
      refund: { entity: { ...made } },
      ...paymentPayload({ ...fake.payments.get(payment.id)! }),
    });
    expect(response.statusCode).toBe(200);
    expect(await entryRow(t, id)).toEqual(entryBefore);
    expect(await paymentRow(t, payment.id)).toMatchObject({
      status: 'refunded',
      refund_id: paymentBefore.refund_id,
    });
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toHaveLength(1);
    expect(await refundAudits(t, id)).toHaveLength(1);
    expect(refundsMade(payment.id)).toHaveLength(1);
  });

  it('refuses to refund again a payment refunded by Razorpay (webhook first)', async () => {
    const { id, payment } = await paidThroughWebhook();
    await webhook('refund.processed', {
      refund: { entity: { id: 'rfnd_FromDashboard1', payment_id: payment.id, amount: FEE_PAISE } },
      ...paymentPayload({ ...payment, status: 'refunded' }),
    });
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toHaveLength(1);
    const response = await refund(payment.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('ALREADY_REFUNDED');
    expect(refundCalls(payment.id)).toEqual([]);
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toHaveLength(1);
    // No admin acted: nothing is audited.
    expect(await refundAudits(t, id)).toEqual([]);
  });

  it('keeps an entry paid twice and refunded once received; the dashboard agrees', async () => {
    const baseline = await dashboard();
    const { row, id, token, orderId } = await entryWithOrder();
    const first = fake.addPayment(orderId, 'captured');
    const second = fake.addPayment(orderId, 'captured');
    await webhook('payment.captured', paymentPayload(first));
    await webhook('payment.captured', paymentPayload(second));
    expect(await emailsOf(t, id, PAYMENT_RECEIVED_KIND)).toHaveLength(1);

    const twice = (await admin('GET', entryUrl(id))).json() as AdminEntry;
    expect(twice.paidTwice).toBe(true);
    expect(twice.payments.map((p) => p.status)).toEqual(['captured', 'captured']);
    expect(twice.entry.paymentState).toBe('received');
    const summary = {
      id,
      reference: row.reference,
      fullName: row.full_name,
      competitionTitle: row.competition_title,
    };
    let board = await dashboard();
    expect(board.paidTwice).toContainEqual(summary);
    // The fee counts once, however often it was paid.
    expect(board.revenue).toBe(baseline.revenue + FEE);

    const response = await refund(second.id);
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json() as AdminEntry;
    expect(after.paidTwice).toBe(false);
    expect(after.entry.paymentState).toBe('received');
    expect(new Map(after.payments.map((p) => [p.paymentId, p.status]))).toEqual(
      new Map([
        [first.id, 'captured'],
        [second.id, 'refunded'],
      ]),
    );
    expect(await paymentStateShown(t, token)).toBe('received');
    const stored = await entryRow(t, id);
    expect(stored).toMatchObject({ payment_status: 'paid', refunded_at: null });
    // The artist is told of the money sent back, and the admin's action is audited.
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toHaveLength(1);
    expect(await refundAudits(t, id)).toHaveLength(1);

    board = await dashboard();
    expect(board.paidTwice.map((e) => e.id)).not.toContain(id);
    expect(board.revenue).toBe(baseline.revenue + FEE);
    expect(board.recentSubmissions.find((s) => s.id === id)?.paymentState).toBe('received');

    // The other payment refunded too: now the entry is refunded and leaves the revenue.
    const last = await refund(first.id);
    expect(last.statusCode).toBe(200);
    expect((last.json() as AdminEntry).entry.paymentState).toBe('refunded');
    expect(await paymentStateShown(t, token)).toBe('refunded');
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toHaveLength(2);
    board = await dashboard();
    expect(board.revenue).toBe(baseline.revenue);
    expect(board.recentSubmissions.find((s) => s.id === id)?.paymentState).toBe('refunded');
  });

  it('refunds both payments of an entry paid twice at once: the entry ends refunded', async () => {
    const { id, token, orderId } = await entryWithOrder();
    const first = fake.addPayment(orderId, 'captured');
    const second = fake.addPayment(orderId, 'captured');
    await webhook('payment.captured', paymentPayload(first));
    await webhook('payment.captured', paymentPayload(second));
    const responses = await Promise.all([refund(first.id), refund(second.id)]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(refundsMade(first.id)).toHaveLength(1);
    expect(refundsMade(second.id)).toHaveLength(1);
    expect(await paymentStateShown(t, token)).toBe('refunded');
    expect((await entryRow(t, id)).refunded_at).not.toBeNull();
    const entry = (await admin('GET', entryUrl(id))).json() as AdminEntry;
    expect(entry.payments.map((p) => p.status)).toEqual(['refunded', 'refunded']);
    expect(entry.paidTwice).toBe(false);
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toHaveLength(2);
    expect(
      (await refundAudits(t, id)).map((a) => (a.details as { paymentId: string }).paymentId).sort(),
    ).toEqual([first.id, second.id].sort());
  });

  it('shows the money held again when a late payment is captured after a refund', async () => {
    const { id, token, orderId } = await entryWithOrder();
    const first = fake.addPayment(orderId, 'captured');
    await webhook('payment.captured', paymentPayload(first));
    expect((await refund(first.id)).statusCode).toBe(200);
    expect(await paymentStateShown(t, token)).toBe('refunded');

    const late = fake.addPayment(orderId, 'captured');
    await webhook('payment.captured', paymentPayload(late));
    const entry = (await admin('GET', entryUrl(id))).json() as AdminEntry;
    expect(entry.payments.map((p) => p.status)).toEqual(['refunded', 'captured']);
    expect(await paymentStateShown(t, token)).toBe('received');
    expect((await entryRow(t, id)).refunded_at).toBeNull();
    // The artist hears of both payments and of the refund between them.
    expect(await emailsOf(t, id, PAYMENT_RECEIVED_KIND)).toHaveLength(2);
    expect(await emailsOf(t, id, PAYMENT_REFUNDED_KIND)).toHaveLength(1);
  });

  it("links the payment-received e-mail to the artist's entry page", async () => {
    const { row, id, payment } = await paidThroughVerify();
    const [email] = await emailsOf(t, id, PAYMENT_RECEIVED_KIND);
    expect(email?.to_address).toBe(row.email);
    const link = /View your entry: (http:\/\/localhost:\d+\/entry#(\S+))/.exec(email!.body_text);
    expect(link?.[1]).toBe(`${t.config.publicUrl}/entry#${link?.[2]}`);
    expect(email!.body_html).toContain(`href="${link?.[1]}"`);
    const opened = await post(t, '/api/entries/view', { entryToken: link?.[2] as string });
    expect(json(opened)).toMatchObject({ reference: row.reference, paymentState: 'received' });
    expect(payment.status).toBe('captured');
  });
});

describe(`refunds through the built-in test provider on ${TEST_ENGINE}`, () => {
  const local = useTestApp();
  let token: string;
  beforeAll(async () => {
    token = await signIn(local, 'admin', ADMIN_PASSWORD);
  });

  /** A paid entry, paid (or failed) at the test checkout; returns the payment's id. */
  async function payAtTestCheckout(outcome: 'pay' | 'fail') {
    const entry = await paidEntry(local);
    const order = await post(local, '/api/payments/orders', { entryToken: entry.token });
    expect(json(order)).toMatchObject({ provider: 'test' });
    const orderId = json(order).orderId as string;
    const paid = await post(local, `/api/payments/test-checkout/${orderId}`, { outcome });
    expect(paid.statusCode).toBe(outcome === 'pay' ? 200 : 402);
    const [payment] = await local.app.deps.db
      .selectFrom('payments')
      .select(['payment_id', 'status'])
      .where('submission_id', '=', entry.id)
      .execute();
    return { ...entry, orderId, paymentId: payment!.payment_id };
  }

  it('refunds a test payment end to end, once', async () => {
    const { row, id, token: entryToken, paymentId } = await payAtTestCheckout('pay');
    expect(await paymentStateShown(local, entryToken)).toBe('received');
    const before = (await admin('GET', entryUrl(id), local, token)).json() as AdminEntry;
    expect(before.payments).toMatchObject([
      { paymentId, provider: 'test', status: 'captured', amountPaise: FEE_PAISE },
    ]);

    const response = await admin('POST', refundUrl(paymentId), local, token);
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json() as AdminEntry;
    expect(after.entry.paymentState).toBe('refunded');
    expect(after.payments).toMatchObject([
      { paymentId, status: 'refunded', refundId: `rfnd_test_${refundKeyOf(paymentId)}` },
    ]);
    expect(await paymentStateShown(local, entryToken)).toBe('refunded');
    // The test provider's own books say refunded too.
    const books = await local.app.deps.db
      .selectFrom('test_checkout_payments')
      .select(['status', 'refund_id'])
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(books).toEqual({ status: 'refunded', refund_id: `rfnd_test_${refundKeyOf(paymentId)}` });

    const emails = await emailsOf(local, id, PAYMENT_REFUNDED_KIND);
    expect(emails.map((e) => e.to_address)).toEqual([row.email]);
    expect(await refundAudits(local, id)).toEqual([
      expect.objectContaining({
        actor: 'admin',
        details: { paymentId, amountPaise: FEE_PAISE },
      }),
    ]);

    const again = await admin('POST', refundUrl(paymentId), local, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_REFUNDED');
    expect(await emailsOf(local, id, PAYMENT_REFUNDED_KIND)).toHaveLength(1);
  });

  it('makes one refund of two requests at once', async () => {
    const { id, paymentId } = await payAtTestCheckout('pay');
    const responses = await Promise.all([
      admin('POST', refundUrl(paymentId), local, token),
      admin('POST', refundUrl(paymentId), local, token),
    ]);
    expect(responses.some((r) => r.statusCode === 200)).toBe(true);
    for (const r of responses) expect([200, 409]).toContain(r.statusCode);
    expect(await emailsOf(local, id, PAYMENT_REFUNDED_KIND)).toHaveLength(1);
    expect(await refundAudits(local, id)).toHaveLength(1);
  });

  it('refuses a failed test payment with 409 NOT_REFUNDABLE', async () => {
    const { id, paymentId } = await payAtTestCheckout('fail');
    const response = await admin('POST', refundUrl(paymentId), local, token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'NOT_REFUNDABLE', message: PAYMENT_MESSAGES.notRefundable },
    });
    expect(await emailsOf(local, id, PAYMENT_REFUNDED_KIND)).toEqual([]);
  });
});
