import type { ReviewDb } from './review.tables.ts';

/** The queries of a competition's artworks archive. */

export async function findArchiveCompetition(db: ReviewDb, id: string) {
  return db
    .selectFrom('competitions')
    .select(['id', 'title'])
    .where('id', '=', id)
    .executeTakeFirst();
}
