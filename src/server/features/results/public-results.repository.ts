import type { ResultsDb } from './results.tables.ts';
import { entryFormFields } from '../submissions/submissions.service.ts';

/** One award's work, for its picture. */
export async function findAwardEntry(db: ResultsDb, competitionId: string, awardId: string) {
  return db
    .selectFrom('awards as a')
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .innerJoin('entry_works as w', 'w.id', 'a.work_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      's.id',
      's.status',
      's.publication_consent',
      's.field_values',
      'w.field_values as work_values',
      entryFormFields('s', 'c'),
    ])
    .where('a.competition_id', '=', competitionId)
    .where('a.id', '=', awardId)
    .executeTakeFirst();
}

export async function findCompetitionTitle(db: ResultsDb, competitionId: string) {
  return db
    .selectFrom('competitions')
    .select(['id', 'title'])
    .where('id', '=', competitionId)
    .executeTakeFirstOrThrow();
}
