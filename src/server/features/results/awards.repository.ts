import type { Insertable } from 'kysely';
import type { AwardsTable } from '../../db/schema.ts';
import type { ResultsDb } from './results.tables.ts';
import { entryFormFields, firstWorkValues } from '../submissions/submissions.service.ts';

/**
 * A competition's awards in display order, with each entry's answers and what decides how the
 * public results may show it (its status and its artist's choice about the name).
 */
export async function findAwards(db: ResultsDb, competitionId: string) {
  return db
    .selectFrom('awards as a')
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      'a.id as award_id',
      'a.submission_id',
      'a.title',
      'a.prize',
      'a.position',
      's.id',
      's.reference',
      's.status',
      's.full_name',
      's.publication_consent',
      's.field_values',
      firstWorkValues('s').as('work_values'),
      entryFormFields('s', 'c'),
    ])
    .where('a.competition_id', '=', competitionId)
    .orderBy('a.position')
    .execute();
}

/** The entries among `ids` with what decides whether they may get an award. */
export async function findEntriesByIds(db: ResultsDb, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('submissions as s')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      's.id',
      's.reference',
      's.competition_id',
      's.status',
      's.field_values',
      firstWorkValues('s').as('work_values'),
      entryFormFields('s', 'c'),
    ])
    .where('s.id', 'in', ids)
    .execute();
}

export async function findAwardCreatedAt(db: ResultsDb, competitionId: string) {
  const awards = db.selectFrom('awards').where('competition_id', '=', competitionId);
  const rows = await awards.select(['submission_id', 'created_at']).execute();
  return new Map(rows.map(({ submission_id, created_at }) => [submission_id, created_at]));
}

/** Replaces the competition's awards with `rows` (inside the caller's transaction). */
export async function replaceAwards(
  trx: ResultsDb,
  competitionId: string,
  rows: Insertable<AwardsTable>[],
): Promise<void> {
  await trx.deleteFrom('awards').where('competition_id', '=', competitionId).execute();
  if (rows.length > 0) await trx.insertInto('awards').values(rows).execute();
}
