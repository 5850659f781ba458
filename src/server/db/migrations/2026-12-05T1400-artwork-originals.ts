import type { Kysely } from 'kysely';

/*
 * A competition may state the least size an artwork must have for print: pixels on the longer
 * side. Null (every competition made before) is no minimum. The originals themselves need no
 * column: their keys say their format, and their large copies are found beside them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('competitions')
    .addColumn('min_artwork_long_side', 'integer')
    .execute();
}
