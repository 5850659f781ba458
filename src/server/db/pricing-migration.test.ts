import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSubmissionRow } from '../../../tests/factories/rows.ts';
import { createTestEnvironment, TEST_ENGINE } from '../../../tests/setup/test-database.ts';
import { type Database, openDatabase } from './database.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';
import type { DB } from './schema.ts';

/* Entries made before prices and codes keep what they were charged: gross is their fee. */

let database: Database;
let db: Kysely<DB>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const environment = await createTestEnvironment();
  cleanup = environment.cleanup;
  database = await openDatabase(environment.config);
  db = database.db;
});

afterAll(async () => {
  await database.close();
  await cleanup();
});

describe(`the pricing migration on ${TEST_ENGINE}`, () => {
  it('sets each earlier entry’s gross fee to its fee, with no discount, code or tier', async () => {
    await migrateUpTo(db, '2026-12-04T1400-competition-details');
    const paid = makeSubmissionRow({ reference: 'WS-2026-000001', entry_fee: 499 });
    const free = makeSubmissionRow({
      reference: 'WS-2026-000002',
      entry_type: 'free',
      entry_fee: 0,
      payment_status: 'paid',
    });
    await db.insertInto('submissions').values([paid, free]).execute();

    await migrateToLatest(db);

    const rows = await db
      .selectFrom('submissions')
      .select(['reference', 'entry_fee', 'gross_fee', 'discount', 'code_id', 'price_tier'])
      .orderBy('reference')
      .execute();
    expect(rows).toEqual([
      {
        reference: 'WS-2026-000001',
        entry_fee: 499,
        gross_fee: 499,
        discount: 0,
        code_id: null,
        price_tier: null,
      },
      {
        reference: 'WS-2026-000002',
        entry_fee: 0,
        gross_fee: 0,
        discount: 0,
        code_id: null,
        price_tier: null,
      },
    ]);
  });
});
