import type { Insertable } from 'kysely';
import type { AwardsTable } from '../../db/schema.ts';
import type { ResultsDb } from './results.tables.ts';
import { entryFormFields } from '../submissions/submissions.service.ts';

/**
 * A competition's awards in display order, with each entry's answers and what decides how the
 * public results may show it (its status and its artist's choice about the name).
 */
export async function findAwards(db: ResultsDb, competitionId: string) {
  return db
    .selectFrom('awards as a')
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .innerJoin('entry_works as w', 'w.id', 'a.work_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      'a.id as award_id',
      'a.submission_id',
      'a.work_id',
      'a.title',
      'a.prize',
      'a.position',
      's.id',
      's.reference',
      's.status',
      's.full_name',
      's.publication_consent',
      's.field_values',
      'w.field_values as work_values',
      entryFormFields('s', 'c'),
    ])
    .where('a.competition_id', '=', competitionId)
    .orderBy('a.position')
    .execute();
}

/**
 * The works among `ids` (work ids), or the first work of each entry among `entryIds` (an award
 * that names no work), each with its entry and what decides whether it may get an award.
 */
export async function findWorksByIds(
  db: ResultsDb,
  ids: readonly string[],
  entryIds: readonly string[] = [],
) {
  if (ids.length === 0 && entryIds.length === 0) return [];
  return db
    .selectFrom('entry_works as w')
    .innerJoin('submissions as s', 's.id', 'w.submission_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      'w.id as work_id',
      'w.position',
      's.id',
      's.reference',
      's.competition_id',
      's.status',
      's.withdrawn_at',
      's.field_values',
      'w.field_values as work_values',
      entryFormFields('s', 'c'),
    ])
    .where((eb) =>
      eb.or([
        ...(ids.length > 0 ? [eb('w.id', 'in', ids)] : []),
        ...(entryIds.length > 0
          ? [eb.and([eb('w.submission_id', 'in', entryIds), eb('w.position', '=', 1)])]
          : []),
      ]),
    )
    .execute();
}

/** When each work's award was first given: kept when the list is saved again. */
export async function findAwardCreatedAt(db: ResultsDb, competitionId: string) {
  const awards = db.selectFrom('awards').where('competition_id', '=', competitionId);
  const rows = await awards.select(['work_id', 'created_at']).execute();
  return new Map(rows.map(({ work_id, created_at }) => [work_id, created_at]));
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

/** The works of these entries, in order, each with its last alias (null: never judged). */
export function findEntryWorks(db: ResultsDb, submissionIds: readonly string[]) {
  return db
    .selectFrom('entry_works as w')
    .innerJoin('submissions as s', 's.id', 'w.submission_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select((eb) => [
      'w.id as work_id',
      'w.position',
      's.id',
      's.reference',
      's.field_values',
      'w.field_values as work_values',
      entryFormFields('s', 'c'),
      eb
        .selectFrom('jury_round_entries as e')
        .innerJoin('jury_rounds as r', 'r.id', 'e.round_id')
        .select('e.alias')
        .whereRef('e.work_id', '=', 'w.id')
        .orderBy('r.number', 'desc')
        .limit(1)
        .as('alias'),
    ])
    .where('w.submission_id', 'in', submissionIds)
    .orderBy('w.submission_id')
    .orderBy('w.position')
    .execute();
}
