import type { Kysely } from 'kysely';

/*
 * An entry keeps the breakdown it was priced at (the tier, the first work, the further works, the
 * code's discount) as one JSON value, so its receipt shows the lines the artist was charged even
 * after the competition's prices change. The gross fee and the tier were copies of what the
 * breakdown holds and were never read: gross is the fee charged plus the discount. Entries made
 * before have no breakdown; their receipts show one line, as they did.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('price_breakdown', 'text').execute();
  for (const column of ['gross_fee', 'price_tier']) {
    await db.schema.alterTable('submissions').dropColumn(column).execute();
  }
}
