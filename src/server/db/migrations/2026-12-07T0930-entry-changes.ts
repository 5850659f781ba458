import type { Kysely } from 'kysely';

/*
 * The artist may correct their entry until the close. When it was already reviewed, the moment of
 * the change is kept so the admin sees the decision was made on answers since changed. Nullable:
 * the previous release neither reads nor writes it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('changed_after_review_at', 'text').execute();
}
