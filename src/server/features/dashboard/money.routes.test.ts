import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { createRunningClock } from '../../../../tests/setup/test-clock.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import type { DashboardMoney, MoneyDay } from '../../../shared/schemas/dashboard-money.ts';
import { FIELDS_INVALID_MESSAGE } from '../../errors.ts';

/*
 * The dashboard's money over HTTP, with entries registered, paid at the built-in test checkout,
 * refunded and withdrawn through the API at set moments around midnight in India (18:30 UTC).
 */

const clock = createRunningClock();
const t = useTestApp({ clock });
const MONEY_URL = '/api/admin/dashboard/money';
const CSV_URL = '/api/admin/dashboard/money.csv';
const FEE = 499;

const post = (url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: OUR_CLIENT_HEADERS,
    remoteAddress: freshAddress(),
    payload,
  });
const json = (response: LightMyRequestResponse) => response.json() as Record<string, unknown>;

/** A registration through the API at `at` (with a code, if given): its id and entry token. */
async function registerAt(at: string, competitionId: string, email: string, code?: string) {
  clock.set(at);
  const response = await postRegistration(
    t,
    registrationParts(registrationData(competitionId, { email, code }), await defaultFiles()),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; entryToken: string };
}

/** Paid at the test checkout (at the clock's time): the ledger's payment id. */
async function pay(entryToken: string) {
  const order = await post('/api/payments/orders', { entryToken });
  expect(order.statusCode, order.body).toBe(200);
  const orderId = json(order).orderId as string;
  const paid = await post(`/api/payments/test-checkout/${orderId}`, { outcome: 'pay' });
  expect(paid.statusCode, paid.body).toBe(200);
  return (paid.json() as { razorpay_payment_id: string }).razorpay_payment_id;
}

const ids = { paid: '', free: '', formula: '' };

async function addCode(code: string, kind: 'percent' | 'waiver', value: number) {
  await t.app.deps.db
    .insertInto('discount_codes')
    .values({
      id: randomUUID(),
      code,
      kind,
      value,
      competition_id: null,
      max_uses: null,
      expires_at: null,
      created_by: 'admin',
      created_at: clock.now().toISOString(),
    })
    .execute();
}
let token: string;

beforeAll(async () => {
  const paid = await addCompetition(t, {
    title: 'Monsoon Colours',
    start_date: '2026-11-08',
    end_date: '2026-11-14',
    entry_type: 'paid',
    entry_fee: FEE,
  });
  const free = await addCompetition(t, {
    title: 'Free Sketch',
    start_date: '2026-11-10',
    end_date: '2026-11-20',
  });
  const formula = await addCompetition(t, {
    title: '=HYPERLINK("http://evil.example")',
    start_date: '2026-11-11',
    end_date: '2026-11-12',
  });
  ids.paid = paid.competition.id as string;
  ids.free = free.competition.id as string;
  ids.formula = formula.competition.id as string;

  // 23:59 on 9 November in India, then midnight: the 10th.
  const a = await registerAt('2026-11-09T18:29:00.000Z', ids.paid, 'a@example.com');
  await pay(a.entryToken);
  const b = await registerAt('2026-11-09T18:30:00.000Z', ids.paid, 'b@example.com');
  const refunded = await pay(b.entryToken);
  // Still owing its fee on the 10th, and one withdrawn by its artist: no entry at all.
  await registerAt('2026-11-10T05:00:00.000Z', ids.paid, 'c@example.com');
  const d = await registerAt('2026-11-10T06:00:00.000Z', ids.paid, 'd@example.com');
  const withdrawn = await post('/api/entries/withdraw', { entryToken: d.entryToken });
  expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  // Free entries a second either side of midnight on the 10th.
  await registerAt('2026-11-10T18:29:59.000Z', ids.free, 'e@example.com');
  await registerAt('2026-11-10T18:30:00.000Z', ids.free, 'f@example.com');
  // B's payment refunded in the last second of the 11th.
  clock.set('2026-11-11T18:29:59.000Z');
  const refunder = await signIn(t, 'admin', ADMIN_PASSWORD);
  const refund = await asAdmin(t, refunder, 'POST', `/api/admin/payments/${refunded}/refund`);
  expect(refund.statusCode, refund.body).toBe(200);
  // On the 12th, one entry paid with 20 % off (₹100) and one a code waived (no payment).
  await addCode('TWENTY', 'percent', 20);
  await addCode('ONTHEHOUSE', 'waiver', 0);
  const g = await registerAt('2026-11-12T05:00:00.000Z', ids.paid, 'g@example.com', 'TWENTY');
  await pay(g.entryToken);
  await registerAt('2026-11-12T05:10:00.000Z', ids.paid, 'h@example.com', 'ONTHEHOUSE');
  // Today is 12 November, noon in India.
  clock.set('2026-11-12T06:30:00.000Z');
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
});

const get = (url: string) => asAdmin(t, token, 'GET', url);

async function money(query = ''): Promise<DashboardMoney> {
  const response = await get(`${MONEY_URL}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json() as DashboardMoney;
}

const day = (date: string, figures: Partial<MoneyDay> = {}): MoneyDay => ({
  date,
  closing: false,
  entries: 0,
  awaitingPayment: 0,
  gross: 0,
  discounts: 0,
  refunds: 0,
  net: 0,
  ...figures,
});
const future = (date: string, closing = false): MoneyDay => ({
  date,
  closing,
  entries: null,
  awaitingPayment: null,
  gross: null,
  discounts: null,
  refunds: null,
  net: null,
});

const MONSOON = {
  title: 'Monsoon Colours',
  startDate: '2026-11-08',
  closingDate: '2026-11-14',
  daysLeftOut: false,
  days: [
    day('2026-11-08'),
    day('2026-11-09', { entries: 1, gross: FEE, net: FEE }),
    day('2026-11-10', { entries: 1, awaitingPayment: 1, gross: FEE, net: FEE }),
    day('2026-11-11', { refunds: FEE, net: -FEE }),
    day('2026-11-12', { entries: 2, gross: 2 * FEE, discounts: 100 + FEE, net: FEE - 100 }),
    future('2026-11-13'),
    future('2026-11-14', true),
  ],
  // Gross is before discounts; net is what was taken (499 + 499 + 399) less the refund.
  totals: {
    entries: 4,
    awaitingPayment: 1,
    gross: 4 * FEE,
    discounts: 100 + FEE,
    refunds: FEE,
    net: 2 * FEE - 100,
  },
};

describe(`GET ${MONEY_URL} on ${TEST_ENGINE}`, () => {
  it('counts entries per day in India and gross before discounts, discounts, refunds and net', async () => {
    const answer = await money();
    expect(answer.timeZone).toBe('Asia/Kolkata');
    expect(answer.today).toBe('2026-11-12');
    // The newest closing date first.
    expect(answer.competitions.map((c) => c.title)).toEqual([
      'Free Sketch',
      'Monsoon Colours',
      '=HYPERLINK("http://evil.example")',
    ]);
    const [free, monsoon, formula] = answer.competitions;
    expect(monsoon).toEqual({ id: ids.paid, ...MONSOON });
    expect(free?.days).toEqual([
      day('2026-11-10', { entries: 1 }),
      day('2026-11-11', { entries: 1 }),
      day('2026-11-12'),
      ...['13', '14', '15', '16', '17', '18', '19'].map((d) => future(`2026-11-${d}`)),
      future('2026-11-20', true),
    ]);
    expect(free?.totals).toEqual({
      entries: 2,
      awaitingPayment: 0,
      gross: 0,
      discounts: 0,
      refunds: 0,
      net: 0,
    });
    // No entries: from the start date to the closing date, today's figures zero.
    expect(formula?.days).toEqual([day('2026-11-11'), day('2026-11-12', { closing: true })]);
  });

  it('answers one competition when asked', async () => {
    expect(await money(`?competition=${ids.paid}`)).toEqual({
      timeZone: 'Asia/Kolkata',
      today: '2026-11-12',
      competitions: [{ id: ids.paid, ...MONSOON }],
    });
  });

  it('refuses an id that is no uuid (400, naming the field) and an unknown one (404)', async () => {
    const bad = await get(`${MONEY_URL}?competition=WS-2026-000001`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: FIELDS_INVALID_MESSAGE,
      fields: { competition: expect.any(String) as string },
    });
    const unknown = await get(`${CSV_URL}?competition=${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Competition not found' },
    });
  });

  it('needs a signed-in admin (401)', async () => {
    for (const url of [MONEY_URL, CSV_URL]) {
      const response = await t.app.inject({ method: 'GET', url, headers: OUR_CLIENT_HEADERS });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('Monsoon');
    }
  });
});

describe(`GET ${CSV_URL} on ${TEST_ENGINE}`, () => {
  it('is a row per competition per day, days to come empty, formulas neutralised', async () => {
    const response = await get(CSV_URL);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      'filename="entries-and-money-2026-11-12.csv"',
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Competition,Date (Asia/Kolkata),Closing date,Entries received,Awaiting payment,Gross before discounts (INR),Discounts (INR),Refunds (INR),Net (INR)',
    );
    const monsoon = lines.filter((line) => line.startsWith('Monsoon Colours,'));
    expect(monsoon).toEqual([
      'Monsoon Colours,2026-11-08,,0,0,0,0,0,0',
      'Monsoon Colours,2026-11-09,,1,0,499,0,0,499',
      'Monsoon Colours,2026-11-10,,1,1,499,0,0,499',
      'Monsoon Colours,2026-11-11,,0,0,0,0,499,-499',
      'Monsoon Colours,2026-11-12,,2,0,998,599,0,399',
      'Monsoon Colours,2026-11-13,,,,,,,',
      'Monsoon Colours,2026-11-14,Yes,,,,,,',
    ]);
    // 11 days of Free Sketch, 7 of Monsoon Colours, 2 of the formula, the heading, the last CRLF.
    expect(lines).toHaveLength(1 + 11 + 7 + 2 + 1);
    expect(response.body).toContain(
      `"'=HYPERLINK(""http://evil.example"")",2026-11-11,,0,0,0,0,0,0`,
    );
    expect(response.body).not.toContain('\r\n=HYPERLINK');
  });
});
