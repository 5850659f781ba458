import type { Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema.ts';

/*
 * What a test reads back of an entry's stored answers: the entry's own (fields asked once) and
 * its works' (fields asked per work), as the database holds them.
 */

type Answers = Record<string, string>;

/** The entry's works' answers, in order. */
export async function storedWorksOf(db: Kysely<DB>, submissionId: string): Promise<Answers[]> {
  const rows = await db
    .selectFrom('entry_works')
    .select('field_values')
    .where('submission_id', '=', submissionId)
    .orderBy('position')
    .execute();
  return rows.map((row) => JSON.parse(row.field_values) as Answers);
}

/** The entry's own answers with its first work's: what a one-work entry was answered with. */
export async function storedAnswersOf(db: Kysely<DB>, submissionId: string): Promise<Answers> {
  const entry = await db
    .selectFrom('submissions')
    .select('field_values')
    .where('id', '=', submissionId)
    .executeTakeFirstOrThrow();
  const [first] = await storedWorksOf(db, submissionId);
  return { ...(JSON.parse(entry.field_values) as Answers), ...first };
}
