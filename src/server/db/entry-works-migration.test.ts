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
 * Works: every entry an earlier release made becomes one work holding all its answers, under the
 * entry's own id; the entry keeps none of them; its competition takes one work an entry.
 */

const db = useMigrationDb();

describe(`the entry-works migration on ${TEST_ENGINE}`, () => {
  it("moves each entry's answers into its one work and gives competitions one work an entry", async () => {
    await migrateUpTo(db(), '2026-12-04T1400-competition-details');
    const category = makeCategoryRow();
    await db().insertInto('categories').values(category).execute();
    const competition = makeCompetitionRow(category.id);
    // The competition as the earlier release wrote it: without the columns this adds.
    await db().insertInto('competitions').values(competition).execute();
    const answers = { artworkTitle: 'Rain — बारिश', artworkUrl: 'private/submissions/x/a.jpg' };
    const entry = makeSubmissionRow({
      competition_id: competition.id,
      field_values: JSON.stringify(answers),
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-21T10:00:00.000Z',
    });
    await db().insertInto('submissions').values(entry).execute();

    await migrateToLatest(db());

    expect(await db().selectFrom('entry_works').selectAll().execute()).toEqual([
      {
        id: entry.id,
        submission_id: entry.id,
        position: 1,
        field_values: JSON.stringify(answers),
        created_at: entry.created_at,
        updated_at: entry.updated_at,
      },
    ]);
    const stored = await db()
      .selectFrom('submissions')
      .select('field_values')
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(stored.field_values).toBe('{}');
    expect(
      await db()
        .selectFrom('competitions')
        .select(['min_works', 'max_works'])
        .where('id', '=', competition.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ min_works: 1, max_works: 1 });
  });
});
