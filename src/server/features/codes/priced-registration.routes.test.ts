import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshAddress } from '../../../../tests/setup/admin-session.ts';
import {
  addCompetition,
  clearRegistrations,
  defaultFiles,
  postRegistration,
  registrationData,
  registrationParts,
  registrationState,
} from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS, useTestApp } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { PriceBreakdown } from '../../../shared/domain/pricing.ts';
import { CODE_REFUSALS } from '../../../shared/schemas/codes.ts';
import type { DiscountCodesTable } from './codes.tables.ts';

/*
 * Registration charges the server's price: the competition's tier in force, the number of works
 * and the code, never a total the browser sent; the code's use is recorded in the entry's own
 * transaction, its limit and one use per e-mail holding when two entries race.
 */

const t = useTestApp();
const db = () => t.app.deps.db;
const DAY = 86_400_000;

let files: Record<string, Buffer>;
let competitionId: string;

beforeEach(async () => {
  await clearRegistrations(t);
  await db().deleteFrom('code_uses').execute();
  await db().deleteFrom('discount_codes').execute();
  files ??= await defaultFiles();
  const { competition } = await addCompetition(t, {
    entry_type: 'paid',
    entry_fee: 500,
    further_work_fee: 300,
    early_bird_fee: 400,
    early_bird_until: new Date(Date.now() + DAY).toISOString(),
  });
  competitionId = competition.id;
});

async function addCode(code: string, terms: Partial<Insertable<DiscountCodesTable>>) {
  const row = {
    id: randomUUID(),
    code,
    kind: 'percent' as DiscountCodesTable['kind'],
    value: 20,
    competition_id: null,
    max_uses: null,
    expires_at: null,
    created_by: 'admin',
    created_at: new Date().toISOString(),
    ...terms,
  };
  await db().insertInto('discount_codes').values(row).execute();
  return row;
}

const register = (overrides: Record<string, unknown> = {}, id = competitionId) =>
  postRegistration(t, registrationParts(registrationData(id, overrides), files));

/** The entry's price as stored, with the gross and tier of the breakdown it keeps. */
async function stored(id: string) {
  const { price_breakdown, ...row } = await db()
    .selectFrom('submissions')
    .select(['entry_fee', 'discount', 'code_id', 'price_breakdown', 'payment_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const { gross, tier } = JSON.parse(price_breakdown ?? '{}') as Partial<PriceBreakdown>;
  return { ...row, gross, tier };
}

const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: OUR_CLIENT_HEADERS,
    remoteAddress: freshAddress(),
    payload,
  });

describe(`registration charges the server's price on ${TEST_ENGINE}`, () => {
  it('charges the early-bird price less the code, records the use, and checkout takes the net', async () => {
    const code = await addCode('WELCOME20', {});
    const response = await register({ code: 'welcome20', total: 1, entryFee: 1 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ entryFee: 320, paymentStatus: 'pending' });
    expect(await stored(response.json().id)).toEqual({
      entry_fee: 320,
      gross: 400,
      discount: 80,
      code_id: code.id,
      tier: 'early',
      payment_status: 'pending',
    });
    const uses = await db().selectFrom('code_uses').selectAll().execute();
    expect(uses).toMatchObject([
      {
        code_id: code.id,
        submission_id: response.json().id,
        email: 'aarav@example.com',
        discount: 80,
      },
    ]);
    const order = await post('/api/payments/orders', { entryToken: response.json().entryToken });
    expect(order.statusCode, order.body).toBeLessThan(300);
    expect(order.json().amountPaise).toBe(32_000);
  });

  it('ignores a total sent by the browser: the server’s price is charged', async () => {
    const response = await register({ total: 1, entryFee: 0 });
    expect(response.statusCode, response.body).toBe(201);
    expect(await stored(response.json().id)).toMatchObject({
      entry_fee: 400,
      gross: 400,
      discount: 0,
      code_id: null,
    });
  });

  it('a full waiver is received without a checkout', async () => {
    await addCode('FREEPASS', { kind: 'waiver', value: 0 });
    const response = await register({ code: 'FREEPASS' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ entryFee: 0, paymentStatus: 'paid' });
    expect(await stored(response.json().id)).toMatchObject({ gross: 400, discount: 400 });
    const token = response.json().entryToken as string;
    expect((await post('/api/entries/view', { entryToken: token })).json()).toMatchObject({
      paymentState: 'free',
    });
    const order = await post('/api/payments/orders', { entryToken: token });
    expect(order.statusCode).toBe(409);
  });

  it('a competition that sets nothing new charges its fee, and a free one stays free', async () => {
    const { competition } = await addCompetition(t, { entry_type: 'paid', entry_fee: 499 });
    const paid = await register({}, competition.id);
    expect(await stored(paid.json().id)).toMatchObject({
      entry_fee: 499,
      gross: 499,
      tier: 'standard',
    });
    const { competition: free } = await addCompetition(t);
    const entry = await register({}, free.id);
    expect(entry.json()).toMatchObject({ entryType: 'free', entryFee: 0, paymentStatus: 'paid' });
  });

  it('refuses each code that cannot be used, naming the code, and writes nothing', async () => {
    const { competition: other } = await addCompetition(t, { entry_type: 'paid', entry_fee: 99 });
    const { competition: free } = await addCompetition(t);
    await addCode('OLD', { expires_at: new Date(Date.now() - 1000).toISOString() });
    await addCode('OFF', { active: 0 });
    await addCode('ELSEWHERE', { competition_id: other.id });
    const before = await registrationState(t);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ code: 'MADEUP' }, CODE_REFUSALS.unknown],
      [{ code: 'OFF' }, CODE_REFUSALS.unknown],
      [{ code: 'OLD' }, CODE_REFUSALS.expired],
      [{ code: 'ELSEWHERE' }, CODE_REFUSALS.otherCompetition],
      [{ code: 'OLD' }, CODE_REFUSALS.freeCompetition, free.id],
      [{ code: 42 }, 'Code must be 3 to 32 letters, digits, - or _'],
    ];
    for (const [overrides, reason, id] of cases) {
      const response = await register(overrides, id);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields).toEqual({ code: reason });
    }
    expect(await registrationState(t)).toEqual(before);
  });

  it('one use per e-mail, and the limit holds when two entries race for the last use', async () => {
    await addCode('ONCE', { max_uses: 1 });
    await addCode('EACH', {});
    const first = await register({ code: 'EACH' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await register({ code: 'EACH', email: 'AARAV@example.com' });
    expect(again.json().error.fields).toEqual({ code: CODE_REFUSALS.alreadyUsed });

    const before = await registrationState(t);
    const racing = await Promise.all(
      ['asha@example.com', 'meera@example.com'].map((email) => register({ code: 'ONCE', email })),
    );
    const statuses = racing.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 400]);
    const refused = racing.find((r) => r.statusCode === 400)!;
    expect(refused.json().error.fields).toEqual({ code: CODE_REFUSALS.usedUp });
    const after = await registrationState(t);
    expect(after.submissions).toBe(before.submissions + 1);
    expect(after.unclaimed).toEqual(before.unclaimed);
    const uses = await db().selectFrom('code_uses').select('email').execute();
    expect(uses).toHaveLength(2);
  });
});
