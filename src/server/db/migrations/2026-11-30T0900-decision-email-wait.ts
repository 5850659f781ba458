import type { Kysely } from 'kysely';

/*
 * A decision's e-mail waits a few minutes in the outbox so the admin can undo or change it
 * meanwhile. While it waits, its row remembers the entry's status before the decisions it tells
 * of: an undo goes back to it, and a later decision that returns to it sends nothing. Null on
 * every other message, and on decision e-mails written before this release (never replaced).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('decision_from', 'text').execute();
}
