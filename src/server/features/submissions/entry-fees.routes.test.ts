import { beforeAll, describe, expect, it } from 'vitest';
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
import type { ReviewCounts, ReviewPage } from '../../../shared/schemas/review.ts';

/*
 * One rule of free, paid and received (shared/domain/entry-state.ts, and its SQL in the
 * submissions feature): an entry stored "paid" with a fee of 0 (as an earlier release saved the
 * entries of a paid competition without a fee) is free on every screen and in every count: the
 * review's badge, filters and counts, the Publish dialog, the dashboard, checkout and the
 * artist's page; and a paid competition without a fee takes free entries.
 */

const t = useTestApp();
const db = () => t.app.deps.db;

let adminToken: string;
beforeAll(async () => {
  adminToken = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: OUR_CLIENT_HEADERS,
    remoteAddress: freshAddress(),
    payload,
  });
const admin = async <T>(url: string): Promise<T> => {
  const response = await asAdmin(t, adminToken, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

describe(`free, paid and received by one rule on ${TEST_ENGINE}`, () => {
  it('an entry stored paid with fee 0 is free everywhere, and counted where free entries are', async () => {
    const { competition } = await addCompetition(t, { entry_type: 'paid', entry_fee: 499 });
    const rows = [
      // As an earlier release left it: "paid", fee 0, waiting for a payment nobody could make.
      makeSubmissionRow({
        competition_id: competition.id,
        reference: 'WS-1998-000001',
        created_at: '2026-11-20T10:00:00.000Z',
        entry_type: 'paid',
        entry_fee: 0,
        payment_status: 'pending',
      }),
      makeSubmissionRow({
        competition_id: competition.id,
        reference: 'WS-1998-000002',
        created_at: '2026-11-20T11:00:00.000Z',
        entry_type: 'paid',
        entry_fee: 499,
        payment_status: 'paid',
        status: 'approved',
      }),
      makeSubmissionRow({
        competition_id: competition.id,
        reference: 'WS-1998-000003',
        created_at: '2026-11-20T12:00:00.000Z',
        entry_type: 'paid',
        entry_fee: 499,
        payment_status: 'pending',
      }),
    ];
    await db().insertInto('submissions').values(rows).execute();
    const query = `?competition=${competition.id}`;

    const page = await admin<ReviewPage>(`/api/admin/submissions${query}&sort=oldest`);
    expect(page.items.map((i) => [i.reference, i.paymentState])).toEqual([
      ['WS-1998-000001', 'free'],
      ['WS-1998-000002', 'received'],
      ['WS-1998-000003', 'pending'],
    ]);
    const references = async (filter: string) =>
      (await admin<ReviewPage>(`/api/admin/submissions${query}&payment=${filter}`)).items
        .map((i) => i.reference)
        .sort();
    expect(await references('free')).toEqual(['WS-1998-000001']);
    expect(await references('paid')).toEqual(['WS-1998-000001', 'WS-1998-000002']);
    expect(await references('pending')).toEqual(['WS-1998-000003']);
    const counts = await admin<ReviewCounts>(`/api/admin/submissions/counts${query}`);
    expect(counts.payment).toEqual({ free: 1, paid: 1, pending: 1, refunded: 0 });

    // The Publish dialog counts the free entry as waiting for review; the unpaid one is not yet in.
    const preview = await admin<{ awaitingReview: number; participants: number }>(
      `/api/admin/competitions/${competition.id}/results`,
    );
    expect(preview).toMatchObject({ awaitingReview: 1, participants: 1 });

    // The dashboard's revenue is the fee received, once.
    expect(await admin<{ revenue: number }>('/api/admin/dashboard')).toMatchObject({
      revenue: 499,
    });

    // The artist's page says free, and checkout has nothing to take.
    const token = await t.app.deps.entryTokens.issue(rows[0]!.id as string);
    const view = await post('/api/entries/view', { entryToken: token });
    expect(view.json()).toMatchObject({ paymentState: 'free', entryFee: 0 });
    const order = await post('/api/payments/orders', { entryToken: token });
    expect(order.statusCode, order.body).toBe(409);
    expect(order.json().error.code).toBe('NOT_PAYABLE');
  });

  it('a paid competition stored with fee 0 shows as free, and its entries are free entries', async () => {
    const { competition } = await addCompetition(t, { entry_type: 'paid', entry_fee: 0 });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/competitions/${competition.id}`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ entryType: 'free', entryFee: 0 });

    const registered = await postRegistration(
      t,
      registrationParts(registrationData(competition.id), await defaultFiles()),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json()).toMatchObject({
      entryType: 'free',
      entryFee: 0,
      paymentStatus: 'paid',
    });
    const stored = await db()
      .selectFrom('submissions')
      .select(['entry_type', 'entry_fee', 'payment_status'])
      .where('id', '=', registered.json().id as string)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ entry_type: 'free', entry_fee: 0, payment_status: 'paid' });
  });
});
