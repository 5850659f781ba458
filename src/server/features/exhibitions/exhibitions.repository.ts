import type { Insertable, Updateable } from 'kysely';
import { isPostgres } from '../../db/database.ts';
import { entryFormFields, submissionStatusIs } from '../submissions/submissions.service.ts';
import type {
  ExhibitionsDb,
  ExhibitionsTable,
  ExhibitionWorksTable,
} from './exhibitions.tables.ts';

/* The exhibitions and their chosen works: the only queries on them. */

export async function findExhibitionRow(db: ExhibitionsDb, competitionId: string) {
  return db
    .selectFrom('exhibitions')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .executeTakeFirst();
}

/**
 * Inside a transaction: waits for any other change to the exhibition's works or state (locked on
 * PostgreSQL; SQLite writes one transaction at a time) and holds it until the transaction ends.
 */
export async function lockExhibition(trx: ExhibitionsDb, exhibitionId: string) {
  let query = trx.selectFrom('exhibitions').select('id').where('id', '=', exhibitionId);
  if (isPostgres(trx)) query = query.forUpdate();
  await query.executeTakeFirst();
}

export async function findCompetitionRow(db: ExhibitionsDb, competitionId: string) {
  return db
    .selectFrom('competitions')
    .select(['id', 'title'])
    .where('id', '=', competitionId)
    .executeTakeFirst();
}

/** Inserts the row unless its competition has one already (two admins at once); true if it did. */
export async function insertExhibition(db: ExhibitionsDb, row: Insertable<ExhibitionsTable>) {
  const result = await db
    .insertInto('exhibitions')
    .values(row)
    .onConflict((oc) => oc.column('competition_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateExhibition(
  db: ExhibitionsDb,
  id: string,
  changes: Updateable<ExhibitionsTable>,
) {
  await db.updateTable('exhibitions').set(changes).where('id', '=', id).execute();
}

/** Every opened exhibition with its competition's title, newest first. */
export async function findOpenedExhibitions(db: ExhibitionsDb) {
  return db
    .selectFrom('exhibitions as x')
    .innerJoin('competitions as c', 'c.id', 'x.competition_id')
    .selectAll('x')
    .select('c.title as competition_title')
    .where('x.opened_at', 'is not', null)
    .orderBy('x.opened_at', 'desc')
    .execute();
}

/**
 * Works with what showing them needs: the entry's consent, name, e-mail, state and answers.
 * `exhibitionId` given: its chosen works, in order; else every work of the competition's
 * approved entries that still stand (what may be chosen).
 */
function worksQuery(db: ExhibitionsDb) {
  return db
    .selectFrom('entry_works as w')
    .innerJoin('submissions as s', 's.id', 'w.submission_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      'w.id as work_id',
      'w.position as work_position',
      'w.field_values as work_values',
      's.id',
      's.reference',
      's.full_name',
      's.email',
      's.publication_consent',
      's.field_values',
      entryFormFields('s', 'c'),
    ]);
}

export type ExhibitedWorkRow = Awaited<ReturnType<typeof findChosenWorks>>[number];

/** The exhibition's chosen works of approved entries, in order; only `workId` when it is given. */
export async function findChosenWorks(db: ExhibitionsDb, exhibitionId: string, workId?: string) {
  let query = worksQuery(db)
    .innerJoin('exhibition_works as x', 'x.work_id', 'w.id')
    .select(['x.position', 'x.display_image'])
    .where('x.exhibition_id', '=', exhibitionId)
    .where(submissionStatusIs('approved', 's'));
  if (workId !== undefined) query = query.where('x.work_id', '=', workId);
  return query.orderBy('x.position').execute();
}

export async function findApprovedWorks(db: ExhibitionsDb, competitionId: string) {
  return worksQuery(db)
    .where('s.competition_id', '=', competitionId)
    .where(submissionStatusIs('approved', 's'))
    .orderBy('s.reference')
    .orderBy('w.position')
    .execute();
}

export async function replaceExhibitionWorks(
  db: ExhibitionsDb,
  exhibitionId: string,
  rows: readonly Insertable<ExhibitionWorksTable>[],
) {
  await db.deleteFrom('exhibition_works').where('exhibition_id', '=', exhibitionId).execute();
  if (rows.length > 0)
    await db
      .insertInto('exhibition_works')
      .values([...rows])
      .execute();
}

export async function findExhibitionWorkRows(db: ExhibitionsDb, exhibitionId: string) {
  return db
    .selectFrom('exhibition_works')
    .selectAll()
    .where('exhibition_id', '=', exhibitionId)
    .execute();
}

/** The work's stored display copies (JSON), or null. */
export async function findDisplayImage(db: ExhibitionsDb, exhibitionId: string, workId: string) {
  const row = await db
    .selectFrom('exhibition_works')
    .select('display_image')
    .where('exhibition_id', '=', exhibitionId)
    .where('work_id', '=', workId)
    .executeTakeFirst();
  return row?.display_image ?? null;
}

/**
 * Replaces the work's display copies when they are still `before` and, for a new copy, its entry
 * still has the name and consent it was made with: a copy made while the artist was being erased
 * never lands. False when something changed meanwhile.
 */
export async function replaceDisplayImage(
  db: ExhibitionsDb,
  work: { exhibitionId: string; workId: string },
  before: string | null,
  after: string | null,
  madeFor?: { fullName: string; consent: ExhibitedWorkRow['publication_consent'] },
): Promise<boolean> {
  let query = db
    .updateTable('exhibition_works')
    .set({ display_image: after })
    .where('exhibition_id', '=', work.exhibitionId)
    .where('work_id', '=', work.workId)
    .where((eb) =>
      before === null ? eb('display_image', 'is', null) : eb('display_image', '=', before),
    );
  if (madeFor) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('submissions as s')
          .select('s.id')
          .whereRef('s.id', '=', 'exhibition_works.submission_id')
          .where('s.full_name', '=', madeFor.fullName)
          .where((e) =>
            madeFor.consent === null
              ? e('s.publication_consent', 'is', null)
              : e('s.publication_consent', '=', madeFor.consent),
          ),
      ),
    );
  }
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Forgets the display copies of the entries' works; answers what they were (JSON). */
export async function forgetDisplayImagesOf(db: ExhibitionsDb, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return [];
  const rows = await db
    .selectFrom('exhibition_works')
    .select('display_image')
    .where('submission_id', 'in', [...submissionIds])
    .where('display_image', 'is not', null)
    .execute();
  await db
    .updateTable('exhibition_works')
    .set({ display_image: null })
    .where('submission_id', 'in', [...submissionIds])
    .execute();
  return rows.flatMap((r) => (r.display_image ? [r.display_image] : []));
}

/**
 * The competitions whose display copies the worker looks at: those with a chosen work still
 * without copies, and every opened exhibition (a copy whose creator no longer matches is remade).
 */
export async function findCompetitionsToCheckCopies(db: ExhibitionsDb) {
  const rows = await db
    .selectFrom('exhibitions as x')
    .innerJoin('exhibition_works as w', 'w.exhibition_id', 'x.id')
    .select('x.competition_id')
    .where((eb) => eb.or([eb('w.display_image', 'is', null), eb('x.opened_at', 'is not', null)]))
    .distinct()
    .execute();
  return rows.map((r) => r.competition_id);
}

/**
 * The display copies no one may see any more: of a work or entry deleted since, an entry no longer
 * approved, or an artist who refused publication since. (The row of a deleted work stays, shown
 * nowhere: the gallery joins the work and its entry.)
 */
export async function findUnshownDisplayImages(db: ExhibitionsDb) {
  const rows = await db
    .selectFrom('exhibition_works as x')
    .leftJoin('entry_works as w', 'w.id', 'x.work_id')
    .leftJoin('submissions as s', 's.id', 'x.submission_id')
    .select(['x.exhibition_id', 'x.work_id', 'x.display_image'])
    .where('x.display_image', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('w.id', 'is', null),
        eb('s.id', 'is', null),
        eb.not(submissionStatusIs('approved', 's')),
        eb('s.publication_consent', '=', 'none'),
      ]),
    )
    .execute();
  return rows.map((r) => ({
    exhibitionId: r.exhibition_id,
    workId: r.work_id,
    displayImage: r.display_image as string,
  }));
}
