import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  makeAdminUserRow,
  makeCategoryRow,
  makeCompetitionRow,
  makeSubmissionRow,
} from '../../../tests/factories/rows.ts';
import { type UntypedDb, useMigrationDb } from '../../../tests/setup/migration-db.ts';
import { TEST_ENGINE } from '../../../tests/setup/test-database.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';

/*
 * The jury per work: what an earlier release recorded about an entry (its place in a round, its
 * jurors, their scores, its award) moves onto the entry's first work; ballots and certificates
 * are kept as they were.
 */

const db = useMigrationDb();

const stamp = '2026-11-20T10:00:00.000Z';

/** An earlier release's jury records of one entry; answers the ids to look for. */
async function earlierJury() {
  const category = makeCategoryRow();
  await db().insertInto('categories').values(category).execute();
  const competition = makeCompetitionRow(category.id);
  await db().insertInto('competitions').values(competition).execute();
  const submission = makeSubmissionRow({ competition_id: competition.id, status: 'approved' });
  await db().insertInto('submissions').values(submission).execute();
  // The works migration made the entry's one work under the entry's own id.
  const work = { id: submission.id, submission_id: submission.id, position: 1 };
  await db()
    .insertInto('entry_works')
    .values({
      ...work,
      field_values: '{"artworkTitle":"Rain"}',
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  const juror = makeAdminUserRow({ role: 'juror', email: `j-${randomUUID()}@example.com` });
  await db().insertInto('admin_users').values(juror).execute();
  const criterion = randomUUID();
  const round = randomUUID();
  const c = competition.id;
  // The earlier schema's rows.
  const old = db() as unknown as UntypedDb;
  await old
    .insertInto('jury_criteria')
    .values({
      id: criterion,
      competition_id: c,
      position: 0,
      name: 'Composition',
      description: '',
      weight: 1,
      scale_min: 1,
      scale_max: 10,
      required: 1,
    })
    .execute();
  await old
    .insertInto('jury_rounds')
    .values({
      id: round,
      competition_id: c,
      number: 1,
      status: 'closed',
      kind: 'score',
      jurors_per_entry: 1,
      created_at: stamp,
      opened_at: stamp,
      closed_at: stamp,
    })
    .execute();
  const key = { round_id: round, submission_id: submission.id };
  await old
    .insertInto('jury_round_entries')
    .values({ ...key, alias: 'W001', jurors_missing: 0 })
    .execute();
  await old
    .insertInto('jury_assignments')
    .values({
      ...key,
      juror_id: juror.id,
      order_key: 'aa',
      comment: 'Fine',
      scored_at: stamp,
      conflict_reason: null,
      conflict_at: null,
      assigned_at: stamp,
    })
    .execute();
  await old
    .insertInto('jury_scores')
    .values({ ...key, juror_id: juror.id, criterion_id: criterion, score: 8 })
    .execute();
  await old
    .insertInto('jury_ballots')
    .values({ round_id: round, juror_id: juror.id, ranking: '["W001"]', updated_at: stamp })
    .execute();
  await old
    .insertInto('awards')
    .values({
      id: randomUUID(),
      competition_id: c,
      submission_id: submission.id,
      title: 'First',
      prize: '',
      position: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return { submissionId: submission.id, round, jurorId: juror.id };
}

describe(`the jury-works migration on ${TEST_ENGINE}`, () => {
  it("moves an entry's round, assignments, scores and award onto its first work", async () => {
    await migrateUpTo(db(), '2026-12-05T0900-entry-works');
    const { submissionId, round, jurorId } = await earlierJury();

    await migrateToLatest(db());

    const work = { submission_id: submissionId, work_id: submissionId };
    expect(await db().selectFrom('jury_round_entries').selectAll().execute()).toEqual([
      { round_id: round, ...work, alias: 'W001', jurors_missing: 0 },
    ]);
    expect(
      await db()
        .selectFrom('jury_assignments')
        .select(['work_id', 'submission_id', 'comment', 'scored_at'])
        .execute(),
    ).toEqual([{ ...work, comment: 'Fine', scored_at: stamp }]);
    expect(
      await db()
        .selectFrom('jury_scores')
        .select(['work_id', 'submission_id', 'juror_id', 'score'])
        .execute(),
    ).toEqual([{ ...work, juror_id: jurorId, score: 8 }]);
    expect(await db().selectFrom('jury_ballots').select('ranking').execute()).toEqual([
      { ranking: '["W001"]' },
    ]);
    expect(
      await db().selectFrom('awards').select(['work_id', 'submission_id', 'title']).execute(),
    ).toEqual([{ ...work, title: 'First' }]);
    // The keys are per work now: the same work twice in a round is refused.
    await expect(
      db()
        .insertInto('jury_round_entries')
        .values({ round_id: round, ...work, alias: 'W002' })
        .execute(),
    ).rejects.toThrow();
  });
});
