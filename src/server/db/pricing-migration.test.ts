import { describe, expect, it } from 'vitest';
import { makeSubmissionRow } from '../../../tests/factories/rows.ts';
import { type UntypedDb, useMigrationDb } from '../../../tests/setup/migration-db.ts';
import { TEST_ENGINE } from '../../../tests/setup/test-database.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';

/*
 * Entries made before prices and codes keep what they were charged: gross is their fee. Then
 * the gross and the tier give way to the breakdown an entry is priced at, which those entries
 * have none of (their receipts show one line).
 */

const db = useMigrationDb();
const untyped = () => db() as unknown as UntypedDb;

describe(`the pricing migrations on ${TEST_ENGINE}`, () => {
  it('sets each earlier entry’s gross fee to its fee, with no discount, code or tier', async () => {
    await migrateUpTo(db(), '2026-12-04T1400-competition-details');
    const paid = makeSubmissionRow({ reference: 'WS-2026-000001', entry_fee: 499 });
    const free = makeSubmissionRow({
      reference: 'WS-2026-000002',
      entry_type: 'free',
      entry_fee: 0,
      payment_status: 'paid',
    });
    await db().insertInto('submissions').values([paid, free]).execute();

    await migrateUpTo(db(), '2026-12-05T1100-pricing-and-codes');

    const rows = await untyped()
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

  it('keeps what each entry was charged and its discount, without a breakdown', async () => {
    await migrateToLatest(db());

    const rows = await untyped()
      .selectFrom('submissions')
      .selectAll()
      .orderBy('reference')
      .execute();
    expect(rows.map((row) => [row.entry_fee, row.discount, row.price_breakdown])).toEqual([
      [499, 0, null],
      [0, 0, null],
    ]);
    for (const row of rows) {
      expect(Object.keys(row)).not.toContain('gross_fee');
      expect(Object.keys(row)).not.toContain('price_tier');
    }
  });
});
