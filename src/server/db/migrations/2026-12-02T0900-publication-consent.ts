import type { Kysely } from 'kysely';

/*
 * The artist's choice of how a winning or shortlisted work is shown on the results page:
 * 'name', 'anonymous' or 'none', and when it was given. Entries registered before the form
 * asked stay null: no choice recorded, so no name is published (publicationOf).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('publication_consent', 'text').execute();
  await db.schema.alterTable('submissions').addColumn('publication_consent_at', 'text').execute();
}
