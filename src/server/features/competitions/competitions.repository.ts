import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Competitions with the names of their category and subcategory. */
function selectCompetitionsWithNames(db: Kysely<DB>) {
  return db
    .selectFrom('competitions as c')
    .innerJoin('categories as cat', 'cat.id', 'c.category_id')
    .leftJoin('subcategories as sub', 'sub.id', 'c.subcategory_id')
    .selectAll('c')
    .select(['cat.name as category_name', 'sub.name as subcategory_name']);
}

export type CompetitionWithNamesRow = Awaited<
  ReturnType<ReturnType<typeof selectCompetitionsWithNames>['executeTakeFirstOrThrow']>
>;

export async function findAllCompetitionsWithNames(
  db: Kysely<DB>,
): Promise<CompetitionWithNamesRow[]> {
  return selectCompetitionsWithNames(db).orderBy('c.created_at', 'desc').execute();
}
