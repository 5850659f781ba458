import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { DB, EmailOutboxTable, EmailStatus } from '../../db/schema.ts';
import type { MailDb } from './mail.tables.ts';

/** The e-mail outbox (email_outbox): every query of the mail feature. */

export type OutboxRow = Selectable<EmailOutboxTable>;

/** Rows in chunks, so that thousands of messages stay within each engine's parameter limit. */
export async function insertOutboxMessages(
  db: MailDb,
  rows: readonly Insertable<EmailOutboxTable>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('email_outbox')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/**
 * Deletes the decision e-mails of `submissionIds` still waiting (pending, never tried: no worker
 * has claimed one) and answers each one's submission and the status it remembers. One conditional
 * statement: a worker claiming a row at the same time either takes it first (it is then not pending
 * and stays) or finds it gone; on PostgreSQL the second waits for the first's commit.
 */
export async function deleteWaitingDecisionMessages(db: MailDb, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return [];
  return db
    .deleteFrom('email_outbox')
    .where('submission_id', 'in', submissionIds)
    .where('decision_from', 'is not', null)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .returning(['submission_id', 'decision_from'])
    .execute();
}

/**
 * A row a worker may take at `now`: waiting and due, or claimed by a worker whose claim has run
 * out (it crashed, or lost its database, mid-send).
 */
function isDue(now: string) {
  return (eb: ExpressionBuilder<DB, 'email_outbox'>) =>
    eb.or([
      eb.and([eb('status', '=', 'pending'), eb('send_after', '<=', now)]),
      eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<=', now)]),
    ]);
}

/** The ids of up to `limit` rows due at `now`, longest waiting first. */
export async function findDueMessageIds(db: MailDb, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('email_outbox')
    .select('id')
    .where(isDue(now))
    .orderBy('send_after')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes one due row for this worker until `claimedUntil`, in one conditional update: of two
 * workers (or two servers) trying at once, the database lets exactly one change the row, and
 * only that one gets it back. undefined: no longer due (another worker has it, or it is done).
 */
export async function claimMessage(
  db: MailDb,
  id: string,
  now: string,
  claimedUntil: string,
): Promise<OutboxRow | undefined> {
  const rows = await db
    .updateTable('email_outbox')
    .set({ status: 'sending', claimed_until: claimedUntil, updated_at: now })
    .where('id', '=', id)
    .where(isDue(now))
    .returningAll()
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/** What a finished attempt leaves on its row. */
export interface AttemptOutcome {
  status: Extract<EmailStatus, 'sent' | 'pending' | 'failed'>;
  attempts: number;
  lastError: string | null;
  sendAfter: string;
  sentAt: string | null;
  now: string;
}

/**
 * Records an attempt on a row this worker still holds under the claim `claimedUntil`: a worker
 * whose claim ran out and was taken over changes nothing. False when the claim was lost.
 */
export async function recordAttempt(
  db: MailDb,
  id: string,
  claimedUntil: string,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const result = await db
    .updateTable('email_outbox')
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      last_error: outcome.lastError,
      send_after: outcome.sendAfter,
      sent_at: outcome.sentAt,
      claimed_until: null,
      updated_at: outcome.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('claimed_until', '=', claimedUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Without an SMTP server: every row due at `now` is set aside as not sent. Returns how many. */
export async function markDueMessagesNotSent(
  db: MailDb,
  now: string,
  reason: string,
): Promise<number> {
  const result = await db
    .updateTable('email_outbox')
    .set({ status: 'not_sent', last_error: reason, claimed_until: null, updated_at: now })
    .where(isDue(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Newest first; messages of the same instant in id order, so pages never overlap. */
export async function findOutboxMessages(db: MailDb, limit: number, offset: number) {
  return db
    .selectFrom('email_outbox')
    .select([
      'id',
      'kind',
      'to_address',
      'subject',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
      'send_after',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOutboxMessages(db: MailDb): Promise<number> {
  const { n } = await db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function findOutboxMessageById(
  db: MailDb,
  id: string,
): Promise<OutboxRow | undefined> {
  return db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Puts a failed or not sent message back in line, due at `now`, with its attempts counted
 * afresh. False when it is in any other state (or gone) by the time of the update.
 */
export async function requeueMessage(db: MailDb, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('email_outbox')
    .set({
      status: 'pending',
      attempts: 0,
      last_error: null,
      send_after: now,
      claimed_until: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'not_sent'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
