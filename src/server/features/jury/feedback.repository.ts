import type { JuryDb } from './jury.tables.ts';

/* The jury's feedback for the artists, as the admin reads and edits it before Publish. */

/** Every juror's feedback on every work of the competition's rounds (only what was written). */
export async function findCompetitionFeedback(db: JuryDb, competitionId: string) {
  return db
    .selectFrom('jury_assignments as a')
    .innerJoin('jury_rounds as r', 'r.id', 'a.round_id')
    .innerJoin('jury_round_entries as e', (join) =>
      join.onRef('e.round_id', '=', 'a.round_id').onRef('e.work_id', '=', 'a.work_id'),
    )
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .innerJoin('entry_works as w', 'w.id', 'a.work_id')
    .innerJoin('admin_users as u', 'u.id', 'a.juror_id')
    .select([
      'a.round_id',
      'r.number as round_number',
      'e.alias',
      's.reference',
      'a.work_id',
      'w.position as work_position',
      'a.juror_id',
      'u.display_name',
      'u.username',
      'a.feedback',
      'a.feedback_hidden',
    ])
    .where('r.competition_id', '=', competitionId)
    .where('a.conflict_at', 'is', null)
    .where('a.feedback', '!=', '')
    .orderBy('r.number')
    .orderBy('e.alias')
    .orderBy('u.username')
    .execute();
}

type FeedbackKey = { competitionId: string; roundId: string; workId: string; jurorId: string };

/** One juror's feedback on one work, while the round is the competition's; undefined otherwise. */
export async function findFeedback(db: JuryDb, key: FeedbackKey) {
  return db
    .selectFrom('jury_assignments as a')
    .innerJoin('jury_rounds as r', 'r.id', 'a.round_id')
    .select(['a.feedback', 'a.feedback_hidden'])
    .where('r.competition_id', '=', key.competitionId)
    .where('a.round_id', '=', key.roundId)
    .where('a.work_id', '=', key.workId)
    .where('a.juror_id', '=', key.jurorId)
    .where('a.conflict_at', 'is', null)
    .executeTakeFirst();
}

export async function updateFeedback(
  db: JuryDb,
  key: FeedbackKey,
  change: { feedback: string; feedback_hidden: number },
): Promise<void> {
  await db
    .updateTable('jury_assignments')
    .set(change)
    .where('round_id', '=', key.roundId)
    .where('work_id', '=', key.workId)
    .where('juror_id', '=', key.jurorId)
    .execute();
}
