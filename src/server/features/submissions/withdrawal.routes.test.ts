import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeSubmissionRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  freshAddress,
  signIn,
} from '../../../../tests/setup/admin-session.ts';
import {
  addCompetition,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
} from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { ENTRY_LINK_INVALID } from '../../../shared/entry-page.ts';
import { WITHDRAWAL_MESSAGES } from '../../../shared/schemas/entry.ts';
import type { ReviewCounts, ReviewPage } from '../../../shared/schemas/review.ts';
import { DECISION_KINDS } from '../mail/artist-emails.ts';

/*
 * "Start a different entry": the artist withdraws their unpaid entry by its own link. Withdrawn,
 * it is no entry to review: never rejected or e-mailed a decision, not a duplicate of the new
 * one, hidden from the admin's list unless asked for; and only an unpaid entry, by its own link.
 */

const t = useTestApp();
const db = () => t.app.deps.db;
const WITHDRAW_URL = '/api/entries/withdraw';

let adminToken: string;
beforeAll(async () => {
  adminToken = await signIn(t, 'admin', ADMIN_PASSWORD);
});
beforeEach(async () => {
  for (const table of ['email_outbox', 'image_jobs', 'submissions', 'audit_log'] as const) {
    await db().deleteFrom(table).execute();
  }
});

const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: OUR_CLIENT_HEADERS,
    remoteAddress: freshAddress(),
    payload,
  });
const withdraw = (entryToken: unknown) => post(WITHDRAW_URL, { entryToken });
const json = (response: LightMyRequestResponse) => response.json() as Record<string, unknown>;

/** A registration through the API; its receipt (reference and entry token). */
async function register(competitionId: string, email: string) {
  const response = await postRegistration(
    t,
    registrationParts(registrationData(competitionId, { email }), await defaultFiles()),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; reference: string; entryToken: string };
}

async function payWithTestCheckout(token: string) {
  const order = await post('/api/payments/orders', { entryToken: token });
  expect(order.statusCode, order.body).toBe(200);
  const paid = await post(`/api/payments/test-checkout/${json(order).orderId as string}`, {
    outcome: 'pay',
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

const row = (id: string) =>
  db()
    .selectFrom('submissions')
    .select(['status', 'withdrawn_at', 'payment_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const withdrawals = () =>
  db()
    .selectFrom('audit_log')
    .select(['actor', 'admin_user_id', 'entity_id', 'details'])
    .where('action', '=', 'submission.withdraw')
    .execute();

async function list(query = '') {
  const response = await asAdmin(t, adminToken, 'GET', `/api/admin/submissions${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReviewPage;
}

describe(`withdrawing an unpaid entry on ${TEST_ENGINE}`, () => {
  it('the unpaid entry becomes withdrawn: audited, hidden from the list unless shown, no duplicate, no decision e-mail', async () => {
    const { competition } = await addCompetition(t, { entry_type: 'paid', entry_fee: 499 });
    const first = await register(competition.id, 'meera@example.com');

    const response = await withdraw(first.entryToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toMatchObject({
      reference: first.reference,
      status: 'withdrawn',
      paymentState: 'pending',
    });
    expect(await row(first.id)).toMatchObject({ status: 'pending', payment_status: 'pending' });
    expect((await row(first.id)).withdrawn_at).not.toBeNull();
    // The artist's own page says so; a second withdrawal answers the same and audits nothing more.
    expect(json(await post('/api/entries/view', { entryToken: first.entryToken })).status).toBe(
      'withdrawn',
    );
    expect((await withdraw(first.entryToken)).json()).toMatchObject({ status: 'withdrawn' });
    const audited = await withdrawals();
    expect(audited).toEqual([
      {
        actor: 'artist',
        admin_user_id: null,
        entity_id: first.id,
        details: JSON.stringify({ reference: first.reference }),
      },
    ]);

    // The new attempt, paid: one entry to review, not a possible duplicate of the withdrawn one.
    const second = await register(competition.id, 'meera@example.com');
    await payWithTestCheckout(second.entryToken);
    const shown = await list();
    expect(shown.items.map((i) => [i.reference, i.status, i.possibleDuplicate])).toEqual([
      [second.reference, 'pending', false],
    ]);
    const both = await list('?withdrawn=show');
    expect(both.items.map((i) => [i.reference, i.status, i.paymentState])).toEqual([
      [second.reference, 'pending', 'received'],
      [first.reference, 'withdrawn', 'pending'],
    ]);
    expect(both.items.every((i) => !i.possibleDuplicate)).toBe(true);
    expect((await list('?status=withdrawn')).items.map((i) => i.reference)).toEqual([
      first.reference,
    ]);
    expect((await list('?duplicates=only')).items).toEqual([]);
    const counts = await asAdmin(t, adminToken, 'GET', '/api/admin/submissions/counts');
    expect((counts.json() as ReviewCounts).status).toEqual({
      pending: 1,
      approved: 0,
      rejected: 0,
      withdrawn: 1,
    });

    // The admin cannot reject (or approve) it: no rejection e-mail is ever written.
    for (const status of ['rejected', 'approved'] as const) {
      const decided = await asAdmin(
        t,
        adminToken,
        'PUT',
        `/api/admin/submissions/${first.id}/status`,
        { status },
      );
      expect(decided.statusCode, decided.body).toBe(409);
      expect(decided.json().error).toMatchObject({ code: 'ENTRY_WITHDRAWN' });
    }
    const bulk = await asAdmin(t, adminToken, 'POST', '/api/admin/submissions/status', {
      ids: [second.id, first.id],
      status: 'rejected',
    });
    expect(bulk.statusCode, bulk.body).toBe(409);
    expect((await row(second.id)).status).toBe('pending');
    const decisions = await db()
      .selectFrom('email_outbox')
      .select('kind')
      .where('kind', 'in', Object.values(DECISION_KINDS))
      .execute();
    expect(decisions).toEqual([]);
    // Nor can it be paid for any more.
    const order = await post('/api/payments/orders', { entryToken: first.entryToken });
    expect(order.statusCode, order.body).toBe(409);
    expect(order.json().error).toMatchObject({ code: 'ENTRY_WITHDRAWN' });
  });

  it('refuses a paid, free, refunded or reviewed entry, and a link that is not the entry’s own', async () => {
    const paidCompetition = await addCompetition(t, { entry_type: 'paid', entry_fee: 499 });
    const freeCompetition = await addCompetition(t, { entry_type: 'free', entry_fee: 0 });
    const paid = await register(paidCompetition.competition.id, 'paid@example.com');
    await payWithTestCheckout(paid.entryToken);
    const free = await register(freeCompetition.competition.id, 'free@example.com');
    const refunded = makeSubmissionRow({
      reference: 'WS-1999-000001',
      payment_status: 'paid',
      refunded_at: '2026-11-20T10:00:00.000Z',
    });
    const reviewed = makeSubmissionRow({ reference: 'WS-1999-000002', status: 'approved' });
    await db().insertInto('submissions').values([refunded, reviewed]).execute();
    const tokenOf = (id: unknown) => t.app.deps.entryTokens.issue(id as string);
    const auditBefore = await withdrawals();

    for (const [token, message] of [
      [paid.entryToken, WITHDRAWAL_MESSAGES.notUnpaid],
      [free.entryToken, WITHDRAWAL_MESSAGES.notUnpaid],
      [await tokenOf(refunded.id), WITHDRAWAL_MESSAGES.notUnpaid],
      [await tokenOf(reviewed.id), WITHDRAWAL_MESSAGES.reviewed],
    ] as const) {
      const response = await withdraw(token);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({ error: { code: 'NOT_WITHDRAWABLE', message } });
    }

    // Another's entry: a token altered by one character, or one for no entry, opens nothing.
    const unpaid = await register(paidCompetition.competition.id, 'other@example.com');
    const last = unpaid.entryToken.at(-1) === 'A' ? 'B' : 'A';
    for (const token of [
      `${unpaid.entryToken.slice(0, -1)}${last}`,
      await tokenOf('00000000-0000-4000-8000-00000000dead'),
    ]) {
      const response = await withdraw(token);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'ENTRY_LINK_INVALID', message: ENTRY_LINK_INVALID },
      });
    }
    const malformed = await withdraw(42);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_ERROR');

    for (const id of [paid.id, free.id, refunded.id, reviewed.id, unpaid.id]) {
      expect((await row(id as string)).withdrawn_at).toBeNull();
    }
    expect(await withdrawals()).toEqual(auditBefore);
  });
});
