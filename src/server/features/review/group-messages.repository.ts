import type { Insertable, Selectable } from 'kysely';
import type { GroupMessagesTable, ReviewDb } from './review.tables.ts';

/** The admin's messages to a group (group_messages): every query of them. */

export type GroupMessageRow = Selectable<GroupMessagesTable>;

/**
 * The send, unless its request id was sent already: then nothing, and undefined. On PostgreSQL
 * a second transaction with the same id waits for the first's commit, then inserts nothing.
 */
export async function insertGroupMessage(
  trx: ReviewDb,
  row: Insertable<GroupMessagesTable>,
): Promise<string | undefined> {
  const inserted = await trx
    .insertInto('group_messages')
    .values(row)
    .onConflict((oc) => oc.column('request_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function findGroupMessageByRequest(
  db: ReviewDb,
  requestId: string,
): Promise<GroupMessageRow | undefined> {
  return db
    .selectFrom('group_messages')
    .selectAll()
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}
