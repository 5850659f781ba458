import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The queries of a competition's artworks archive. */

export async function findArchiveCompetition(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('competitions')
    .select(['id', 'title'])
    .where('id', '=', id)
    .executeTakeFirst();
}
