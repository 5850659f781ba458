import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditRowsOf, freshAddress } from '../../../../tests/setup/admin-session.ts';
import { asArtist, signInArtist } from '../../../../tests/setup/artist-session.ts';
import {
  FAKE_KEY_ID,
  FAKE_KEY_SECRET,
  FAKE_WEBHOOK_SECRET,
  type FakeRazorpay,
  startFakeRazorpay,
} from '../../../../tests/setup/fake-razorpay.ts';
import {
  addCompetition,
  clearRegistrations,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
  todayInKolkata,
} from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays } from '../../../shared/domain/competition-status.ts';
import { type MyEntry, WITHDRAW_MESSAGES } from '../../../shared/schemas/artist.ts';
import type { RegistrationReceipt } from '../../../shared/schemas/registration.ts';
import { MY_ENTRY_NOT_FOUND } from './my-entry-edit.ts';

/*
 * POST /api/me/entries/:id/withdraw: the signed-in artist withdraws their own entry until the
 * close, over HTTP; a received fee is refunded through the admin's refund path, against the local
 * fake of Razorpay, only when the site's setting says so, and once however many requests come.
 */

let fake: FakeRazorpay;
beforeAll(async () => {
  fake = await startFakeRazorpay();
});
afterAll(() => fake.close());

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

const ARTIST = 'meera@example.com';
const withdrawUrl = (id: string) => `/api/me/entries/${id}/withdraw`;

let competitionId: string;
beforeEach(async () => {
  await clearRegistrations(t);
  await t.app.deps.settings.updateSettings({ refundOnArtistWithdrawal: false });
  const { competition } = await addCompetition(t, { entry_type: 'paid', entry_fee: 499 });
  competitionId = competition.id;
});

async function register(email = ARTIST): Promise<RegistrationReceipt> {
  const data = registrationData(competitionId, { email });
  const response = await postRegistration(t, registrationParts(data, await defaultFiles()));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: OUR_CLIENT_HEADERS,
    remoteAddress: freshAddress(),
    payload,
  });

/** The artist pays at the fake and the browser's proof comes back: the fee is received. */
async function pay(receipt: RegistrationReceipt) {
  const order = await post('/api/payments/orders', { entryToken: receipt.entryToken });
  expect(order.statusCode, order.body).toBe(200);
  const payment = fake.addPayment((order.json() as { orderId: string }).orderId, 'captured');
  const confirmed = await post('/api/payments/verify', {
    entryToken: receipt.entryToken,
    ...fake.checkoutResult(payment),
  });
  expect(confirmed.json()).toEqual({ paymentStatus: 'paid' });
  return payment;
}

const withdraw = (token: string, id: string) => asArtist(t, token, 'POST', withdrawUrl(id));

const entryRow = (id: string) =>
  t.app.deps.db
    .selectFrom('submissions')
    .select(['withdrawn_at', 'refunded_at', 'payment_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const refundsOf = (paymentId: string) => fake.refunds.filter((r) => r.payment_id === paymentId);
const withdrawAudits = async (id: string) =>
  (await auditRowsOf(t.app.deps.db, 'submission.artist-withdraw')).filter(
    (row) => row.entity_id === id,
  );

function expect409(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json()).toEqual({ error: { code: 'ENTRIES_CLOSED', message } });
}

describe(`POST /api/me/entries/:id/withdraw on ${TEST_ENGINE}`, () => {
  it('withdraws an unpaid entry, audited; again answers the same, changing nothing', async () => {
    const receipt = await register();
    const token = await signInArtist(t, ARTIST);
    const response = await withdraw(token, receipt.id);
    expect(response.statusCode, response.body).toBe(200);
    const { withdrawn_at } = await entryRow(receipt.id);
    expect(withdrawn_at).toEqual(expect.any(String));
    expect(response.json()).toMatchObject({
      id: receipt.id,
      status: 'withdrawn',
      withdrawnAt: withdrawn_at,
      editable: false,
      withdrawable: false,
    } satisfies Partial<MyEntry>);
    const again = await withdraw(token, receipt.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(response.json());
    expect((await entryRow(receipt.id)).withdrawn_at).toBe(withdrawn_at);
    const audits = await withdrawAudits(receipt.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: 'artist', entity_id: receipt.id });
    expect(JSON.parse(audits[0]?.details ?? '{}')).toEqual({
      reference: receipt.reference,
      refund: false,
    });
  });

  /** What My entries says a withdrawal of the entry would do with its fee. */
  async function listedFlags(token: string, id: string) {
    const listed = await asArtist(t, token, 'GET', '/api/me/entries');
    const entry = listed.json<{ entries: MyEntry[] }>().entries.find((e) => e.id === id);
    return { refundOnWithdrawal: entry?.refundOnWithdrawal };
  }

  it('keeps a paid fee while the site does not refund withdrawals', async () => {
    const receipt = await register();
    const payment = await pay(receipt);
    const token = await signInArtist(t, ARTIST);
    expect(await listedFlags(token, receipt.id)).toEqual({ refundOnWithdrawal: false });
    expect((await withdraw(token, receipt.id)).statusCode).toBe(200);
    expect(await entryRow(receipt.id)).toMatchObject({ payment_status: 'paid', refunded_at: null });
    expect(refundsOf(payment.id)).toEqual([]);
  });

  it('refunds a paid fee once when the site says so, even for two requests at once', async () => {
    await t.app.deps.settings.updateSettings({ refundOnArtistWithdrawal: true });
    const receipt = await register();
    const payment = await pay(receipt);
    const token = await signInArtist(t, ARTIST);
    // My entries says so before the artist withdraws.
    expect(await listedFlags(token, receipt.id)).toEqual({ refundOnWithdrawal: true });
    const answers = await Promise.all([withdraw(token, receipt.id), withdraw(token, receipt.id)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(refundsOf(payment.id)).toHaveLength(1);
    expect((await entryRow(receipt.id)).refunded_at).toEqual(expect.any(String));
    expect(await withdrawAudits(receipt.id)).toHaveLength(1);
    expect((await withdraw(token, receipt.id)).statusCode).toBe(200);
    expect(refundsOf(payment.id)).toHaveLength(1);
  });

  it('answers 409 after the close, and 404 for an entry that is not the artist’s', async () => {
    const receipt = await register();
    await register('kabir@example.com');
    const other = await signInArtist(t, 'kabir@example.com');
    const notTheirs = await withdraw(other, receipt.id);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({
      error: { code: 'NOT_FOUND', message: MY_ENTRY_NOT_FOUND },
    });
    await t.app.deps.db
      .updateTable('competitions')
      .set({ start_date: addDays(todayInKolkata(), -20), end_date: addDays(todayInKolkata(), -2) })
      .where('id', '=', competitionId)
      .execute();
    const token = await signInArtist(t, ARTIST);
    expect409(await withdraw(token, receipt.id), WITHDRAW_MESSAGES.closed);
    expect((await entryRow(receipt.id)).withdrawn_at).toBeNull();
    expect(await withdrawAudits(receipt.id)).toEqual([]);
  });
});
