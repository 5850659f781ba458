import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAdminUserRow } from '../../tests/factories/rows.ts';
import { createRunningClock } from '../../tests/setup/test-clock.ts';
import { useTestApp } from '../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../tests/setup/test-database.ts';
import {
  type CodeTable,
  consumeOneTimeCode,
  deleteOneTimeCodesBefore,
  findLiveOneTimeCodeBy,
  hashOneTimeCode,
  matchOneTimeCode,
  newOneTimeCode,
  type OneTimeCodePolicy,
  spendOneTimeCodeTry,
} from './one-time-codes.ts';

/*
 * The one mechanism of e-mailed codes, on each table that keeps them and on the engine the run
 * is on: the features' own tests check their answers over HTTP; this checks the rules once, and
 * that of many requests using one code at the same moment exactly one wins.
 */

const clock = createRunningClock();
const t = useTestApp({ clock });
const db = () => t.app.deps.db;
const MINUTE = 60 * 1000;
let adminId = '';

beforeAll(async () => {
  const admin = makeAdminUserRow();
  await db().insertInto('admin_users').values(admin).execute();
  adminId = admin.id;
});

const policyOf = <T extends CodeTable>(table: T, owner: OneTimeCodePolicy<T>['owner']) => ({
  table,
  owner,
  digits: 6,
  lifetimeMs: 15 * MINUTE,
  maxAttempts: 5,
});

/** Stores a new code for a new owner of `table`; the code typed back, and its row's id. */
async function issue(table: CodeTable, now = clock.now()) {
  const { code, row } = newOneTimeCode(policyOf(table, 'id'), now);
  if (table === 'sign_in_codes') {
    await db()
      .insertInto(table)
      .values({ ...row, admin_user_id: adminId })
      .execute();
    return { code, id: row.id, owner: adminId };
  }
  const owner = `${randomUUID()}@example.com`;
  if (table === 'artist_sign_in_codes') {
    const token_hash = `token-${row.id}`;
    await db()
      .insertInto(table)
      .values({ ...row, email: owner, token_hash })
      .execute();
  } else {
    await db()
      .insertInto(table)
      .values({ ...row, email: owner })
      .execute();
  }
  return { code, id: row.id, owner };
}

const TABLES: { table: CodeTable; policy: OneTimeCodePolicy<CodeTable> }[] = [
  { table: 'artist_sign_in_codes', policy: policyOf('artist_sign_in_codes', 'email') },
  { table: 'vote_codes', policy: policyOf('vote_codes', 'email') },
  { table: 'sign_in_codes', policy: policyOf('sign_in_codes', 'admin_user_id') },
];

describe(`one-time codes on ${TEST_ENGINE}`, () => {
  it('makes codes of the policy’s digits, zero-padded, and stores only their hash', async () => {
    for (const digits of [6, 8]) {
      const { code, row } = newOneTimeCode(
        { ...policyOf('vote_codes', 'email'), digits },
        clock.now(),
      );
      expect(code).toMatch(new RegExp(`^\\d{${digits}}$`));
      expect(row.code_hash).toBe(hashOneTimeCode(code));
      expect(row.code_hash).not.toContain(code);
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(15 * MINUTE);
    }
    expect(hashOneTimeCode(' 1234 5678 ')).toBe(hashOneTimeCode('12345678'));
  });

  for (const { table, policy } of TABLES) {
    it(`matches only the owner’s live code in ${table}, and a code is used once`, async () => {
      const { code, id, owner } = await issue(table);
      const wrong = code === '000000' ? '000001' : '000000';
      expect(await matchOneTimeCode(db(), policy, owner, wrong, clock.now())).toBeUndefined();
      expect(
        await matchOneTimeCode(db(), policy, 'someone-else', code, clock.now()),
      ).toBeUndefined();
      expect(await matchOneTimeCode(db(), policy, owner, code, clock.now())).toBe(id);
      expect(await consumeOneTimeCode(db(), policy, id, clock.now())).toBe(true);
      expect(await consumeOneTimeCode(db(), policy, id, clock.now())).toBe(false);
      expect(await matchOneTimeCode(db(), policy, owner, code, clock.now())).toBeUndefined();
    });

    it(`lets exactly one of many requests at once use a code of ${table}`, async () => {
      const { id } = await issue(table);
      const wins = await Promise.all(
        Array.from({ length: 6 }, () =>
          db()
            .transaction()
            .execute((trx) => consumeOneTimeCode(trx, policy, id, clock.now())),
        ),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
    });
  }

  it('refuses a code from its expiry on, and after the tries run out', async () => {
    const policy = policyOf('vote_codes', 'email');
    const start = clock.now();
    const at = (ms: number) => new Date(start.getTime() + ms);
    const late = await issue('vote_codes', start);
    expect(await matchOneTimeCode(db(), policy, late.owner, late.code, at(15 * MINUTE - 1))).toBe(
      late.id,
    );
    expect(await matchOneTimeCode(db(), policy, late.owner, late.code, at(15 * MINUTE))).toBe(
      undefined,
    );

    const tried = await issue('vote_codes', start);
    for (let n = 0; n < 4; n++) await spendOneTimeCodeTry(db(), policy, tried.owner, start);
    expect(await matchOneTimeCode(db(), policy, tried.owner, tried.code, start)).toBe(tried.id);
    await spendOneTimeCodeTry(db(), policy, tried.owner, start);
    expect(await matchOneTimeCode(db(), policy, tried.owner, tried.code, start)).toBeUndefined();
  });

  it('finds a live code by another column (a link’s token), and deletes expired codes', async () => {
    const policy = policyOf('artist_sign_in_codes', 'email');
    const start = clock.now();
    const after = new Date(start.getTime() + 15 * MINUTE);
    const { id, owner } = await issue('artist_sign_in_codes', start);
    const token = `token-${id}`;
    const found = await findLiveOneTimeCodeBy(db(), policy, 'token_hash', token, start);
    expect(found).toEqual({ id, owner });
    expect(await findLiveOneTimeCodeBy(db(), policy, 'token_hash', token, after)).toBeUndefined();
    await deleteOneTimeCodesBefore(db(), policy, new Date(after.getTime() + 1));
    const left = await db().selectFrom('artist_sign_in_codes').select('id').execute();
    expect(left.map((row) => row.id)).not.toContain(id);
  });
});
