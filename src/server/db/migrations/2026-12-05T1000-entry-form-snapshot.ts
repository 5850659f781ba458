import type { Kysely } from 'kysely';

/*
 * Each entry keeps the fields of its form as they were when it was made (JSON, as the category
 * stores them), so its answers are read and checked against the options it was given, whatever
 * the admin changes later. Null for the entries made before: they read their category's fields.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('form_fields', 'text').execute();
}
