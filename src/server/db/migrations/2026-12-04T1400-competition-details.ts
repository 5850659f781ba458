import type { Kysely } from 'kysely';

/*
 * What a competition's page tells an artist before entering: its rules and who may enter
 * (Markdown, rendered on the server like the site's text pages) and what the prize is. Optional:
 * null for every competition made before, shown as nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('competitions').addColumn('rules', 'text').execute();
  await db.schema.alterTable('competitions').addColumn('eligibility', 'text').execute();
  await db.schema.alterTable('competitions').addColumn('prize_description', 'text').execute();
}
