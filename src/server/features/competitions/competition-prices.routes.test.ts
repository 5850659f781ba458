import { beforeEach, describe, expect, it } from 'vitest';
import { makeCategoryRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  asAdmin,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { addDays, startOfDayIn, todayIn } from '../../../shared/domain/competition-status.ts';
import { flatPrices } from '../../../shared/domain/pricing.ts';
import { PRICE_MESSAGES } from '../../../shared/schemas/competition-prices.ts';

/* A competition's prices beyond its fee: the admin's form, its checks, and the public answer. */

const t = useAdminTestApp();
const URL = '/api/admin/competitions';
const ZONE = 'Asia/Kolkata';
let token: string;
let categoryId: string;

beforeEach(async () => {
  const category = makeCategoryRow();
  await t.app.deps.db.insertInto('categories').values(category).execute();
  categoryId = category.id;
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const today = () => todayIn(ZONE);
/** Midday of the day `days` from today, in the site's time zone. */
const middayIn = (days: number) =>
  new Date(startOfDayIn(addDays(today(), days), ZONE).getTime() + 12 * 3_600_000).toISOString();

function input(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Monsoon Colours',
    description: 'Paint the rains.',
    categoryId,
    startDate: addDays(today(), -1),
    endDate: addDays(today(), 20),
    entryType: 'paid',
    entryFee: 500,
    ...overrides,
  };
}

const tiers = () => ({
  furtherWorkFee: 300,
  earlyBirdFee: 400,
  earlyBirdFurtherFee: null,
  earlyBirdUntil: middayIn(3),
  lateFee: 700,
  lateFurtherFee: 350,
  lateFrom: middayIn(15),
});

async function refused(body: object): Promise<Record<string, string>> {
  const response = await asAdmin(t, token, 'POST', URL, body);
  expect(response.statusCode, response.body).toBe(400);
  return response.json().error.fields;
}

describe(`a competition's prices on ${TEST_ENGINE}`, () => {
  it('saves the prices, and the public answer shows them', async () => {
    const prices = tiers();
    const created = await asAdmin(t, token, 'POST', URL, input(prices));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().prices).toEqual({ entryFee: 500, ...prices });
    const id = created.json().id as string;
    const shown = await t.app.inject({ method: 'GET', url: `/api/competitions/${id}` });
    expect(shown.json().prices).toEqual({ entryFee: 500, ...prices });
  });

  it('a competition that sets nothing new, and a free one, have no prices beyond the fee', async () => {
    const plain = await asAdmin(t, token, 'POST', URL, input());
    expect(plain.json().prices).toEqual(flatPrices(500));
    // Free forces every price to nothing, whatever was typed before.
    const free = await asAdmin(t, token, 'POST', URL, input({ ...tiers(), entryType: 'free' }));
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().prices).toEqual(flatPrices(0));
  });

  it('refuses fees that are negative or not whole, naming the field', async () => {
    expect(await refused(input({ furtherWorkFee: -1 }))).toEqual({
      furtherWorkFee: PRICE_MESSAGES.negative('furtherWorkFee'),
    });
    expect(await refused(input({ ...tiers(), lateFee: 99.5 }))).toEqual({
      lateFee: PRICE_MESSAGES.notWhole('lateFee'),
    });
    expect(await refused(input({ ...tiers(), earlyBirdFurtherFee: 'ten' }))).toEqual({
      earlyBirdFurtherFee: PRICE_MESSAGES.notNumber('earlyBirdFurtherFee'),
    });
  });

  it('refuses tiers in the wrong order, outside the dates, or a tier fee without its time', async () => {
    const count = async () =>
      (await t.app.deps.db.selectFrom('competitions').select('id').execute()).length;
    const before = await count();
    const wrongOrder = { ...tiers(), earlyBirdUntil: middayIn(10), lateFrom: middayIn(5) };
    expect(await refused(input(wrongOrder))).toEqual({ lateFrom: PRICE_MESSAGES.tiersOrder });
    expect(await refused(input({ ...tiers(), earlyBirdUntil: middayIn(-5) }))).toEqual({
      earlyBirdUntil: PRICE_MESSAGES.outsideDates('earlyBirdUntil'),
    });
    expect(await refused(input({ ...tiers(), lateFrom: middayIn(40) }))).toEqual({
      lateFrom: PRICE_MESSAGES.outsideDates('lateFrom'),
    });
    expect(await refused(input({ ...tiers(), lateFrom: 'next week' }))).toEqual({
      lateFrom: PRICE_MESSAGES.notInstant('lateFrom'),
    });
    expect(await refused(input({ earlyBirdFee: 100 }))).toEqual({
      earlyBirdFee: PRICE_MESSAGES.feeWithoutTime('earlyBirdFee'),
    });
    expect(await count()).toBe(before);
  });
});
