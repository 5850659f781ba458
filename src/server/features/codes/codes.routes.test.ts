import { randomUUID } from 'node:crypto';
import type { HTTPMethods } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeSubmissionRow } from '../../../../tests/factories/rows.ts';
import {
  ADMIN_PASSWORD,
  adminClock,
  asAdmin,
  auditRowsOf,
  expectCsrfHeaderRequired,
  expectSessionRequired,
  freshAddress,
  signIn,
  useAdminTestApp,
} from '../../../../tests/setup/admin-session.ts';
import { addCompetition } from '../../../../tests/setup/registration.ts';
import { OUR_CLIENT_HEADERS } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import {
  type AdminCode,
  CODE_MESSAGES,
  CODE_REFUSALS,
  type CodeFormValues,
} from '../../../shared/schemas/codes.ts';

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const CODES = '/api/admin/codes';
const DAY = 86_400_000;

let token: string;
let competitionId: string;

beforeEach(async () => {
  adminClock.set(new Date());
  await db().deleteFrom('code_uses').execute();
  await db().deleteFrom('discount_codes').execute();
  token = await signIn(t, 'admin', ADMIN_PASSWORD);
  const now = adminClock.now().getTime();
  const { competition } = await addCompetition(t, {
    entry_type: 'paid',
    entry_fee: 500,
    further_work_fee: 300,
    early_bird_fee: 400,
    early_bird_until: new Date(now + DAY).toISOString(),
    late_fee: 700,
    late_from: new Date(now + 10 * DAY).toISOString(),
  });
  competitionId = competition.id;
});

const admin = (method: HTTPMethods, url: string, payload?: unknown) =>
  asAdmin(t, token, method, url, payload);

async function createCode(body: Partial<CodeFormValues>): Promise<AdminCode> {
  const response = await admin('POST', CODES, { kind: 'percent', value: 20, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const quote = (body: object, id = competitionId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/competitions/${id}/quote`,
    headers: OUR_CLIENT_HEADERS,
    remoteAddress: freshAddress(),
    payload: body,
  });

async function refusal(body: object, id = competitionId): Promise<string> {
  const response = await quote(body, id);
  expect(response.statusCode, response.body).toBe(400);
  return response.json().error.fields.code as string;
}

describe(`the quote on ${TEST_ENGINE}`, () => {
  it('gives the breakdown at the tier in force, by the number of works', async () => {
    const early = await quote({ works: 3 });
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toEqual({
      tier: 'early',
      lines: [
        { kind: 'first', label: 'First work', quantity: 1, amount: 400 },
        { kind: 'further', label: 'Each further work × 2', quantity: 2, amount: 600 },
      ],
      gross: 1000,
      discount: 0,
      net: 1000,
    });
    adminClock.set(new Date(Date.now() + 2 * DAY));
    expect((await quote({})).json()).toMatchObject({ tier: 'standard', gross: 500, net: 500 });
    adminClock.set(new Date(Date.now() + 11 * DAY));
    expect((await quote({ works: 2 })).json()).toMatchObject({ tier: 'late', gross: 1000 });
  });

  it('takes a code off, whatever its case', async () => {
    await createCode({ code: 'welcome20' });
    const response = await quote({ works: 2, code: ' Welcome20 ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ gross: 700, discount: 140, net: 560 });
    expect(response.json().lines.at(-1)).toEqual({
      kind: 'discount',
      label: 'Code WELCOME20: 20% off',
      quantity: 1,
      amount: -140,
    });
  });

  it('refuses each code that cannot be used, naming the code and why', async () => {
    expect(await refusal({ code: 'NOSUCHCODE' })).toBe(CODE_REFUSALS.unknown);
    const off = await createCode({ code: 'OFFNOW' });
    expect((await admin('POST', `${CODES}/${off.id}/deactivate`)).statusCode).toBe(200);
    expect(await refusal({ code: 'OFFNOW' })).toBe(CODE_REFUSALS.unknown);
    await createCode({ code: 'OLD', expiresAt: new Date(Date.now() + 1000).toISOString() });
    adminClock.set(new Date(Date.now() + 2000));
    expect(await refusal({ code: 'OLD' })).toBe(CODE_REFUSALS.expired);
    const { competition: other } = await addCompetition(t, { entry_type: 'paid', entry_fee: 99 });
    await createCode({ code: 'ELSEWHERE', competitionId: other.id });
    expect(await refusal({ code: 'ELSEWHERE' })).toBe(CODE_REFUSALS.otherCompetition);
    const once = await createCode({ code: 'ONCE', maxUses: 1 });
    await recordUse(once.id, 'meera@example.com');
    expect(await refusal({ code: 'ONCE' })).toBe(CODE_REFUSALS.usedUp);
    const mine = await createCode({ code: 'MINE' });
    await recordUse(mine.id, 'meera@example.com');
    expect(await refusal({ code: 'MINE', email: 'Meera@Example.com' })).toBe(
      CODE_REFUSALS.alreadyUsed,
    );
    // Another artist may still use it.
    expect((await quote({ code: 'MINE', email: 'asha@example.com' })).statusCode).toBe(200);
    const { competition: free } = await addCompetition(t);
    expect(await refusal({ code: 'MINE' }, free.id)).toBe(CODE_REFUSALS.freeCompetition);
  });

  it('answers 404 for no such competition and 400 for bad works', async () => {
    expect((await quote({}, randomUUID())).statusCode).toBe(404);
    expect((await quote({}, 'not-an-id')).statusCode).toBe(404);
    const bad = await quote({ works: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('works');
  });

  it('needs our CSRF header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/competitions/${competitionId}/quote`,
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });
});

async function recordUse(
  codeId: string,
  email: string,
  price: Parameters<typeof makeSubmissionRow>[0] = {},
) {
  const entry = makeSubmissionRow({
    competition_id: competitionId,
    email,
    code_id: codeId,
    ...price,
  });
  await db().insertInto('submissions').values(entry).execute();
  await db()
    .insertInto('code_uses')
    .values({
      id: randomUUID(),
      code_id: codeId,
      submission_id: entry.id as string,
      email,
      competition_id: competitionId,
      discount: 100,
      created_at: new Date().toISOString(),
    })
    .execute();
  return entry;
}

describe(`the admin's codes on ${TEST_ENGINE}`, () => {
  it('creates, lists with uses, and deactivates, each audited', async () => {
    const created = await createCode({
      code: 'spring-50',
      kind: 'fixed',
      value: 50,
      competitionId,
      maxUses: 5,
    });
    expect(created).toMatchObject({
      code: 'SPRING-50',
      kind: 'fixed',
      value: 50,
      competitionTitle: 'Monsoon Colours',
      maxUses: 5,
      active: true,
      createdBy: 'admin',
      uses: [],
    });
    const entry = await recordUse(created.id, 'meera@example.com');
    const listed = await admin('GET', CODES);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()[0].uses).toEqual([
      {
        reference: entry.reference,
        email: 'meera@example.com',
        discount: 100,
        createdAt: expect.any(String),
      },
    ]);
    const off = await admin('POST', `${CODES}/${created.id}/deactivate`);
    expect(off.json()).toMatchObject({ active: false, uses: [{ reference: entry.reference }] });
    expect((await auditRowsOf(db(), 'code.')).map((row) => row.action)).toEqual([
      'code.create',
      'code.deactivate',
    ]);
  });

  it('the review CSV shows each entry’s gross, discount and net', async () => {
    const code = await createCode({ code: 'CSV20' });
    const entry = await recordUse(code.id, 'meera@example.com', {
      discount: 80,
      entry_fee: 320,
    });
    const csv = await admin(
      'GET',
      `/api/admin/submissions/export.csv?competition=${competitionId}`,
    );
    expect(csv.body.split('\r\n')[0]).toContain(
      ',Entry fee (INR),Gross (INR),Discount (INR),Net (INR)',
    );
    const line = csv.body.split('\r\n').find((l) => l.startsWith(`${entry.reference},`));
    expect(line).toContain(',320,400,80,320');
  });

  it('refuses a code two admins add at the same moment, once, with the envelope', async () => {
    const body = { code: 'TWICE', kind: 'percent', value: 10 };
    const answers = await Promise.all([admin('POST', CODES, body), admin('POST', CODES, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((a) => a.statusCode === 400);
    expect(refused?.json().error.fields.code).toBe(CODE_MESSAGES.taken);
    const rows = await db().selectFrom('discount_codes').select('code').execute();
    expect(rows).toEqual([{ code: 'TWICE' }]);
  });

  it('refuses bad codes, naming the field', async () => {
    await createCode({ code: 'TAKEN' });
    const cases: [object, string, string][] = [
      [{ code: 'taken' }, 'code', CODE_MESSAGES.taken],
      [{ code: 'a b' }, 'code', CODE_MESSAGES.code],
      [{ code: 'PCT', value: 101 }, 'value', CODE_MESSAGES.percent],
      [{ code: 'PCT', value: 2.5 }, 'value', CODE_MESSAGES.percent],
      [{ code: 'FIX', kind: 'fixed', value: 0 }, 'value', CODE_MESSAGES.fixed],
      [{ code: 'LIM', maxUses: 0 }, 'maxUses', CODE_MESSAGES.maxUses],
      [{ code: 'EXP', expiresAt: 'soon' }, 'expiresAt', CODE_MESSAGES.expiresAt],
      [
        { code: 'CMP', competitionId: randomUUID() },
        'competitionId',
        CODE_MESSAGES.competitionNotFound,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin('POST', CODES, { kind: 'percent', value: 20, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    expect((await admin('POST', `${CODES}/${randomUUID()}/deactivate`)).statusCode).toBe(404);
    expect(await db().selectFrom('discount_codes').select('code').execute()).toEqual([
      { code: 'TAKEN' },
    ]);
  });

  it('a waiver needs no value', async () => {
    expect(await createCode({ code: 'FREEPASS', kind: 'waiver', value: undefined })).toMatchObject({
      kind: 'waiver',
      value: 0,
    });
  });

  it('needs a signed-in admin and our CSRF header', async () => {
    const routes = [
      ['GET', CODES],
      ['POST', CODES, { code: 'XYZ', kind: 'waiver' }],
      ['POST', `${CODES}/${randomUUID()}/deactivate`],
    ] as const;
    await expectSessionRequired(t, routes);
    await expectCsrfHeaderRequired(t, token, routes.slice(1));
  });
});
