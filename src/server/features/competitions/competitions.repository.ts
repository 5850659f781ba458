import { isPostgres } from '../../db/database.ts';
import type { NewCompetitionRow } from '../../db/schema.ts';
import type { CompetitionsDb } from './competitions.tables.ts';

/** Competitions with the names of their category and subcategory. */
function selectCompetitionsWithNames(db: CompetitionsDb) {
  return db
    .selectFrom('competitions as c')
    .innerJoin('categories as cat', 'cat.id', 'c.category_id')
    .leftJoin('subcategories as sub', 'sub.id', 'c.subcategory_id')
    .selectAll('c')
    .select(['cat.name as category_name', 'sub.name as subcategory_name', 'cat.form_fields']);
}

export type CompetitionWithNamesRow = Awaited<
  ReturnType<ReturnType<typeof selectCompetitionsWithNames>['executeTakeFirstOrThrow']>
>;

export async function findAllCompetitionsWithNames(
  db: CompetitionsDb,
): Promise<CompetitionWithNamesRow[]> {
  return selectCompetitionsWithNames(db).orderBy('c.created_at', 'desc').execute();
}

export async function findCompetitionWithNamesById(
  db: CompetitionsDb,
  id: string,
): Promise<CompetitionWithNamesRow | undefined> {
  return selectCompetitionsWithNames(db).where('c.id', '=', id).executeTakeFirst();
}

/** The ids of the competitions whose results page is up now. */
export async function findCompetitionIdsWithPublishedResults(
  db: CompetitionsDb,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('results_publications')
    .select('competition_id')
    .where('published_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.competition_id));
}

/** The ids of the competitions with a jury round: judging, once entries are closed. */
export async function findCompetitionIdsWithRounds(db: CompetitionsDb): Promise<Set<string>> {
  const rows = await db.selectFrom('jury_rounds').select('competition_id').distinct().execute();
  return new Set(rows.map((r) => r.competition_id));
}

/** What decides one competition's stage (decision 021), or undefined when there is none. */
export async function findLifecycleFacts(db: CompetitionsDb, competitionId: string) {
  return db
    .selectFrom('competitions as c')
    .select((eb) => [
      'c.id',
      'c.title',
      'c.start_date',
      'c.end_date',
      'c.closing_time',
      'c.draft',
      eb
        .exists(
          eb
            .selectFrom('jury_rounds as r')
            .select('r.id')
            .whereRef('r.competition_id', '=', 'c.id'),
        )
        .as('judging'),
      eb
        .exists(
          eb
            .selectFrom('results_publications as p')
            .select('p.competition_id')
            .whereRef('p.competition_id', '=', 'c.id')
            .where('p.published_at', 'is not', null),
        )
        .as('published'),
    ])
    .where('c.id', '=', competitionId)
    .executeTakeFirst();
}
export type LifecycleFactsRow = NonNullable<Awaited<ReturnType<typeof findLifecycleFacts>>>;

/** Moves the close to the end of `time` on `date` (and the start no later than it). */
export async function closeEntriesRow(
  db: CompetitionsDb,
  id: string,
  close: { date: string; time: string },
  stamp: string,
): Promise<boolean> {
  const result = await db
    .updateTable('competitions')
    .set((eb) => ({
      end_date: close.date,
      closing_time: close.time,
      start_date: eb
        .case()
        .when('start_date', '>', close.date)
        .then(close.date)
        .else(eb.ref('start_date'))
        .end(),
      updated_at: stamp,
    }))
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Submissions per competition id (those of a deleted competition are under no id). */
export async function countSubmissionsByCompetition(
  db: CompetitionsDb,
  competitionId?: string,
): Promise<Map<string, number>> {
  let query = db
    .selectFrom('submissions')
    .select(['competition_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('competition_id', 'is not', null)
    .groupBy('competition_id');
  if (competitionId !== undefined) query = query.where('competition_id', '=', competitionId);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.competition_id as string, Number(r.n)]));
}

/**
 * Whether a category exists and, when `subcategoryId` is given, whether that subcategory is one of
 * its own. On PostgreSQL the rows are share-locked until the transaction ends, so they
 * cannot be deleted between this check and the write that refers to them (the race is tested in
 * admin-categories.routes.test.ts).
 */
export async function findCategoryAndSubcategory(
  db: CompetitionsDb,
  categoryId: string,
  subcategoryId: string | null,
): Promise<{ category: boolean; subcategory: boolean }> {
  // SQLite runs one write transaction at a time: nothing can delete them meanwhile.
  const lock = isPostgres(db);
  let category = db.selectFrom('categories').select('id').where('id', '=', categoryId);
  if (lock) category = category.forShare();
  const found = (await category.executeTakeFirst()) !== undefined;
  if (!found || subcategoryId === null) return { category: found, subcategory: false };
  let sub = db
    .selectFrom('subcategories')
    .select('id')
    .where('id', '=', subcategoryId)
    .where('category_id', '=', categoryId);
  if (lock) sub = sub.forShare();
  return { category: true, subcategory: (await sub.executeTakeFirst()) !== undefined };
}

export async function insertCompetition(db: CompetitionsDb, row: NewCompetitionRow): Promise<void> {
  await db.insertInto('competitions').values(row).execute();
}

/** Rewrites a competition's editable fields; false when there is no such competition. */
export async function updateCompetitionRow(
  db: CompetitionsDb,
  id: string,
  values: Omit<NewCompetitionRow, 'id' | 'created_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('competitions')
    .set(values)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The title of a competition about to be deleted, or undefined. On PostgreSQL the row is
 * locked, so no submission can be added to it before the delete: the count kept is exact.
 */
export async function findCompetitionForDelete(
  db: CompetitionsDb,
  id: string,
): Promise<{ title: string } | undefined> {
  let query = db.selectFrom('competitions').select('title').where('id', '=', id);
  if (isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** False when there was no such competition (deleted a moment ago by another request). */
export async function deleteCompetitionRow(db: CompetitionsDb, id: string): Promise<boolean> {
  const result = await db.deleteFrom('competitions').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
