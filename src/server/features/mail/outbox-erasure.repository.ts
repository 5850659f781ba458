import { sql } from 'kysely';
import type { MailDb } from './mail.tables.ts';

/*
 * The messages the outbox holds for one address (any case): what an artist is given of their
 * data, and what is deleted when they are erased (a message still waiting is never sent then).
 */

const addressKey = sql<string>`lower(trim(to_address))`;
const keyOf = (address: string) => address.trim().toLowerCase();

export async function findMessagesTo(db: MailDb, address: string) {
  return db
    .selectFrom('email_outbox')
    .select(['kind', 'subject', 'body_text', 'status', 'created_at', 'sent_at'])
    .where(addressKey, '=', keyOf(address))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function deleteMessagesTo(trx: MailDb, address: string): Promise<void> {
  await trx.deleteFrom('email_outbox').where(addressKey, '=', keyOf(address)).execute();
}
