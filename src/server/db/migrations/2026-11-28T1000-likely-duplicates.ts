import { type Kysely, sql } from 'kysely';

/*
 * Likely duplicate entries (the same e-mail, trimmed and lower-cased, in the same
 * competition, one of them unpaid). Their query looks entries up by that pair, for a page's rows
 * or grouped over the table; an index on the same expression serves both, on both engines.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index submissions_competition_email_key on submissions (competition_id, lower(trim(email)))`.execute(
    db,
  );
}
