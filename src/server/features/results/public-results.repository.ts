import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** A published competition's awards with what the public page may show of each entry. */
export async function findPublishedAwards(db: Kysely<DB>, competitionId: string) {
  return db
    .selectFrom('awards as a')
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select([
      'a.id as award_id',
      'a.title',
      'a.prize',
      's.id',
      's.reference',
      's.status',
      's.full_name',
      's.publication_consent',
      's.field_values',
      'c.form_fields',
    ])
    .where('a.competition_id', '=', competitionId)
    .orderBy('a.position')
    .execute();
}

/** One award's entry, for its picture. */
export async function findAwardEntry(db: Kysely<DB>, competitionId: string, awardId: string) {
  return db
    .selectFrom('awards as a')
    .innerJoin('submissions as s', 's.id', 'a.submission_id')
    .leftJoin('categories as c', 'c.id', 's.category_id')
    .select(['s.id', 's.status', 's.publication_consent', 's.field_values', 'c.form_fields'])
    .where('a.competition_id', '=', competitionId)
    .where('a.id', '=', awardId)
    .executeTakeFirst();
}

export async function findCompetitionTitle(db: Kysely<DB>, competitionId: string) {
  return db
    .selectFrom('competitions')
    .select(['id', 'title'])
    .where('id', '=', competitionId)
    .executeTakeFirstOrThrow();
}
