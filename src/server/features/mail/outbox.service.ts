import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ReviewStatus } from '../../../shared/domain/entry-state.ts';
import {
  OUTBOX_MESSAGES,
  type OutboxMessage,
  type OutboxMessageDetail,
  type OutboxPage,
} from '../../../shared/schemas/outbox.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import { type AttachmentRef, attachmentColumnOf } from './outbox-attachments.ts';
import {
  countOutboxMessages,
  deleteWaitingDecisionMessages,
  findOutboxMessageById,
  findOutboxMessages,
  insertOutboxMessages,
  type OutboxRow,
  requeueMessage,
} from './outbox.repository.ts';

/** A message ready to send: both bodies already escaped where they need to be. */
export interface OutgoingEmail {
  /** What it is for, e.g. 'registration-confirmation'. */
  kind: string;
  submissionId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A file drawn when the message is sent (outbox-attachments.ts). */
  attachment?: AttachmentRef | undefined;
  /** Extra headers sent with it (a reminder's List-Unsubscribe). */
  headers?: Readonly<Record<string, string>> | undefined;
}

/** A decision's e-mail held back a while (to allow an undo), and what its entry was before. */
export interface HeldBack {
  sendAfter: Date;
  /** The entry's status before the decisions it tells of: what an undo goes back to. */
  decisionFrom: ReviewStatus;
}

/**
 * Queues a message in the outbox, inside the caller's transaction (PRODUCT.md point 10): it is
 * written with the change it tells of, or not at all, and sending never delays or fails that
 * change. The outbox worker sends it, at once or, `held` back, not before its time.
 */
export async function queueEmail(
  db: Kysely<DB>,
  email: OutgoingEmail,
  now: Date,
  held?: HeldBack,
): Promise<string> {
  const row = outboxRow(email, now, held);
  await insertOutboxMessages(db, [row]);
  return row.id;
}

/** Queues many messages at once (a competition's results), inside the caller's transaction. */
export async function queueEmails(
  db: Kysely<DB>,
  emails: readonly OutgoingEmail[],
  now: Date,
): Promise<void> {
  await insertOutboxMessages(
    db,
    emails.map((email) => outboxRow(email, now)),
  );
}

function outboxRow(email: OutgoingEmail, now: Date, held?: HeldBack) {
  const stamp = now.toISOString();
  return {
    id: randomUUID(),
    kind: email.kind,
    submission_id: email.submissionId,
    to_address: email.to,
    subject: email.subject,
    body_text: email.text,
    body_html: email.html,
    send_after: held ? held.sendAfter.toISOString() : stamp,
    claimed_until: null,
    created_at: stamp,
    updated_at: stamp,
    sent_at: null,
    decision_from: held ? held.decisionFrom : null,
    attachment: attachmentColumnOf(email.attachment),
    headers: email.headers ? JSON.stringify(email.headers) : null,
  };
}

/**
 * Withdraws the decision e-mails of `submissionIds` that still wait (no worker has taken them),
 * inside the caller's transaction; answers, by submission, the status each one remembered from
 * before its decisions. A message already taken or sent is left as it is, and not answered.
 */
export async function withdrawWaitingDecisionEmails(
  db: Kysely<DB>,
  submissionIds: readonly string[],
): Promise<Map<string, ReviewStatus>> {
  const rows = await deleteWaitingDecisionMessages(db, submissionIds);
  const withdrawn = new Map<string, ReviewStatus>();
  for (const row of rows) {
    if (row.submission_id && row.decision_from) withdrawn.set(row.submission_id, row.decision_from);
  }
  return withdrawn;
}

export const OUTBOX_PAGE_SIZE = 50;

type ListedRow = Pick<
  OutboxRow,
  | 'id'
  | 'kind'
  | 'to_address'
  | 'subject'
  | 'status'
  | 'attempts'
  | 'last_error'
  | 'created_at'
  | 'sent_at'
  | 'send_after'
>;

function toOutboxMessage(row: ListedRow): OutboxMessage {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    sendAfter: row.send_after,
  };
}

/** One page of the outbox, newest first. */
export async function listOutbox(db: Kysely<DB>, page: number): Promise<OutboxPage> {
  const [rows, total] = await Promise.all([
    findOutboxMessages(db, OUTBOX_PAGE_SIZE, (page - 1) * OUTBOX_PAGE_SIZE),
    countOutboxMessages(db),
  ]);
  return { page, pageSize: OUTBOX_PAGE_SIZE, total, messages: rows.map(toOutboxMessage) };
}

function toOutboxMessageDetail(row: OutboxRow): OutboxMessageDetail {
  return { ...toOutboxMessage(row), text: row.body_text, html: row.body_html };
}

export async function getOutboxMessage(db: Kysely<DB>, id: string): Promise<OutboxMessageDetail> {
  const row = await findOutboxMessageById(db, id);
  if (!row) throw notFound(OUTBOX_MESSAGES.notFound);
  return toOutboxMessageDetail(row);
}

const audit = auditEntriesOf('email');

/**
 * An admin sends a failed or not sent message again: it is due at once with its attempts
 * counted afresh, and the change is audited in the same transaction. The worker is woken once it
 * is committed, so it takes it without waiting for its next round. Answers with the message
 * as the change left it (the worker may have moved it on by the time the answer arrives).
 */
export async function sendAgain(
  deps: Pick<Deps, 'db' | 'clock' | 'outbox'>,
  id: string,
  actor: AuditActor,
): Promise<OutboxMessageDetail> {
  const now = deps.clock.now();
  const requeued = await deps.db.transaction().execute(async (trx) => {
    const row = await findOutboxMessageById(trx, id);
    if (!row) throw notFound(OUTBOX_MESSAGES.notFound);
    // The update checks the state again: a worker or another admin may have changed it meanwhile.
    if (!(await requeueMessage(trx, id, now.toISOString()))) {
      throw new AppError(409, 'NOT_SENDABLE_AGAIN', OUTBOX_MESSAGES.notSendableAgain);
    }
    await recordAudit(
      trx,
      audit(actor, 'email.send-again', id, { kind: row.kind, previousStatus: row.status }),
      now,
    );
    return findOutboxMessageById(trx, id);
  });
  deps.outbox.wake();
  return toOutboxMessageDetail(requeued as OutboxRow);
}
