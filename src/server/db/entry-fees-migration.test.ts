import { describe, expect, it } from 'vitest';
import {
  makeCategoryRow,
  makeCompetitionRow,
  makeSubmissionRow,
} from '../../../tests/factories/rows.ts';
import { useMigrationDb } from '../../../tests/setup/migration-db.ts';
import { TEST_ENGINE } from '../../../tests/setup/test-database.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';

/*
 * Paid means a fee: the migration makes the competitions an earlier release saved "paid" with a
 * fee of 0, and their entries, free; every other competition and entry is left as it was.
 */

const db = useMigrationDb();

describe(`the entry-fee migration on ${TEST_ENGINE}`, () => {
  it('turns a paid competition with fee 0, and its pending entries, free; leaves the rest', async () => {
    await migrateUpTo(db(), '2026-12-03T0900-image-jobs');
    const category = makeCategoryRow();
    await db().insertInto('categories').values(category).execute();
    const zero = makeCompetitionRow(category.id, { entry_type: 'paid', entry_fee: 0 });
    const paid = makeCompetitionRow(category.id, { entry_type: 'paid', entry_fee: 499 });
    const free = makeCompetitionRow(category.id, { entry_type: 'free', entry_fee: 0 });
    await db().insertInto('competitions').values([zero, paid, free]).execute();
    const entryOf = (competitionId: string, reference: string, fee: number) =>
      makeSubmissionRow({
        competition_id: competitionId,
        reference,
        entry_type: 'paid',
        entry_fee: fee,
        payment_status: 'pending',
      });
    await db()
      .insertInto('submissions')
      .values([entryOf(zero.id, 'WS-2026-000001', 0), entryOf(paid.id, 'WS-2026-000002', 499)])
      .execute();

    await migrateToLatest(db());

    const competitions = await db()
      .selectFrom('competitions')
      .select(['id', 'entry_type', 'entry_fee'])
      .execute();
    expect(new Map(competitions.map((c) => [c.id, [c.entry_type, c.entry_fee]]))).toEqual(
      new Map([
        [zero.id, ['free', 0]],
        [paid.id, ['paid', 499]],
        [free.id, ['free', 0]],
      ]),
    );
    const entries = await db()
      .selectFrom('submissions')
      .select(['reference', 'entry_type', 'entry_fee', 'payment_status', 'withdrawn_at'])
      .orderBy('reference')
      .execute();
    expect(entries).toEqual([
      {
        reference: 'WS-2026-000001',
        entry_type: 'free',
        entry_fee: 0,
        payment_status: 'paid',
        withdrawn_at: null,
      },
      {
        reference: 'WS-2026-000002',
        entry_type: 'paid',
        entry_fee: 499,
        payment_status: 'pending',
        withdrawn_at: null,
      },
    ]);
  });
});
