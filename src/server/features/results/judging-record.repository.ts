import type { ResultsDb } from './results.tables.ts';

/* The judging record: its stored bytes, and whether each judged work may be named in it. */

/** Each work of the competition's entries: its entry's status and the artist's consent. */
export async function findRecordWorks(db: ResultsDb, competitionId: string) {
  return db
    .selectFrom('entry_works as w')
    .innerJoin('submissions as s', 's.id', 'w.submission_id')
    .select(['w.id as work_id', 's.status', 's.publication_consent'])
    .where('s.competition_id', '=', competitionId)
    .execute();
}

export async function findJudgingRecord(db: ResultsDb, competitionId: string) {
  return db
    .selectFrom('judging_records')
    .select(['body', 'sha256', 'published_at'])
    .where('competition_id', '=', competitionId)
    .executeTakeFirst();
}

/** Writes the record once: a record already stored keeps its bytes (its hash is printed). */
export async function insertJudgingRecord(
  db: ResultsDb,
  row: { competition_id: string; body: string; sha256: string; stamp: string },
): Promise<void> {
  await db
    .insertInto('judging_records')
    .values({
      competition_id: row.competition_id,
      body: row.body,
      sha256: row.sha256,
      published_at: null,
      created_at: row.stamp,
      updated_at: row.stamp,
    })
    .onConflict((oc) => oc.column('competition_id').doNothing())
    .execute();
}

/** Shows or withdraws the stored record; answers whether anything changed. */
export async function setJudgingRecordPublished(
  db: ResultsDb,
  competitionId: string,
  publishedAt: string | null,
  stamp: string,
): Promise<boolean> {
  const result = await db
    .updateTable('judging_records')
    .set({ published_at: publishedAt, updated_at: stamp })
    .where('competition_id', '=', competitionId)
    .where('published_at', publishedAt === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
