import { entryFormFields } from '../submissions/submissions.service.ts';
import type { ResultsDb } from './results.tables.ts';

/**
 * The jury's feedback Publish may release: every juror's text on the competition's works, not
 * hidden, in round and work order. The juror's id only orders it: it is never read out.
 */
export async function findFeedbackToRelease(db: ResultsDb, competitionId: string) {
  return db
    .selectFrom('jury_assignments as a')
    .innerJoin('jury_rounds as r', 'r.id', 'a.round_id')
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .innerJoin('entry_works as w', 'w.id', 'a.work_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      'a.submission_id',
      'a.feedback',
      'w.position',
      's.reference',
      's.field_values',
      'w.field_values as work_values',
      entryFormFields('s', 'c'),
    ])
    .where('r.competition_id', '=', competitionId)
    .where('a.conflict_at', 'is', null)
    .where('a.feedback_hidden', '=', 0)
    .where('a.feedback', '!=', '')
    .orderBy('r.number')
    .orderBy('w.position')
    .orderBy('a.juror_id')
    .execute();
}
