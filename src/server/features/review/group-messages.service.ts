import { randomUUID } from 'node:crypto';
import {
  GROUP_MESSAGE_MAX_RECIPIENTS,
  GROUP_MESSAGE_TEXT,
  type GroupMessageDraft,
  type GroupMessageFilters,
  type GroupMessagePreview,
  type GroupMessageResult,
  type GroupMessageSend,
} from '../../../shared/schemas/group-message.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, auditEntriesOf, recordAudit } from '../audit/audit.service.ts';
import {
  artistEmail,
  artistValues,
  type OutgoingEmail,
  queueEmails,
} from '../mail/mail.service.ts';
import { issueEntryLink } from '../submissions/submissions.service.ts';
import {
  findGroupMessageByRequest,
  type GroupMessageRow,
  insertGroupMessage,
} from './group-messages.repository.ts';
import type { ReviewRow } from './review.repository.ts';
import { filtersOf, reviewBatches } from './review.service.ts';

/*
 * "Message these entries": the admin writes once to the entries a review view lists. One message
 * per entry, not per address: each carries its own entry's link and reference, and an artist with
 * two entries learns what the message means for each.
 */

export const GROUP_MESSAGE_KIND = 'group-message';

type MessageDeps = Pick<Deps, 'db' | 'log' | 'config' | 'entryTokens' | 'settings'>;

const audit = auditEntriesOf('group-message');

/** The view's entries in its order (newest first); 409 when none, or too many for one message. */
async function recipientsOf(deps: MessageDeps, filters: GroupMessageFilters): Promise<ReviewRow[]> {
  const rows: ReviewRow[] = [];
  for await (const batch of reviewBatches(deps, filtersOf(filters), 'newest')) {
    rows.push(...batch);
    if (rows.length > GROUP_MESSAGE_MAX_RECIPIENTS) {
      throw new AppError(409, 'TOO_MANY_RECIPIENTS', GROUP_MESSAGE_TEXT.tooMany);
    }
  }
  if (rows.length === 0) throw new AppError(409, 'NO_RECIPIENTS', GROUP_MESSAGE_TEXT.empty);
  return rows;
}

/** The message as the entry's artist reads it. */
async function messageFor(
  deps: MessageDeps,
  draft: GroupMessageDraft,
  row: ReviewRow,
  siteTitle: string,
): Promise<OutgoingEmail> {
  const values = artistValues({
    siteTitle,
    reference: row.reference,
    fullName: row.full_name,
    competitionTitle: row.competition_title,
    entryLink: await issueEntryLink(deps, row.id),
  });
  const message = artistEmail({ subject: draft.subject, body: draft.body }, values);
  return { kind: GROUP_MESSAGE_KIND, submissionId: row.id, to: row.email, ...message };
}

/** How many entries the message goes to, and the first one's message. */
export async function previewGroupMessage(
  deps: MessageDeps,
  draft: GroupMessageDraft,
): Promise<GroupMessagePreview> {
  const rows = await recipientsOf(deps, draft.filters);
  const first = rows[0] as ReviewRow;
  const { title } = await deps.settings.getSettings();
  const message = await messageFor(deps, draft, first, title);
  return {
    count: rows.length,
    first: {
      reference: first.reference,
      to: message.to,
      subject: message.subject,
      text: message.text,
    },
  };
}

const repeatOf = (row: GroupMessageRow): GroupMessageResult => ({
  id: row.id,
  count: row.recipient_count,
  repeated: true,
});

/** The filters as they were chosen, without what was left unset, for the record. */
const chosenFilters = (filters: GroupMessageFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));

/**
 * Queues one message per entry of the view, with the record of the send and its audit entry, in
 * one transaction. A request id sent before answers that send and queues nothing.
 */
export async function sendGroupMessage(
  deps: MessageDeps & Pick<Deps, 'clock' | 'outbox'>,
  input: GroupMessageSend,
  admin: AuditActor,
): Promise<GroupMessageResult> {
  const earlier = await findGroupMessageByRequest(deps.db, input.requestId);
  if (earlier) return repeatOf(earlier);
  const rows = await recipientsOf(deps, input.filters);
  // Made before the transaction: on SQLite its one connection is the transaction's.
  const { title } = await deps.settings.getSettings();
  const messages = await Promise.all(rows.map((row) => messageFor(deps, input, row, title)));
  const now = deps.clock.now();
  const filters = chosenFilters(input.filters);
  const id = await deps.db.transaction().execute(async (trx) => {
    const created = await insertGroupMessage(trx, {
      id: randomUUID(),
      request_id: input.requestId,
      subject: input.subject,
      body: input.body,
      filters: JSON.stringify(filters),
      recipient_count: rows.length,
      admin_user_id: admin.adminUserId,
      actor: admin.username,
      created_at: now.toISOString(),
    });
    if (created === undefined) return undefined;
    await queueEmails(trx, messages, now);
    await recordAudit(
      trx,
      audit(admin, 'submission.message', created, {
        filters,
        count: rows.length,
        subject: input.subject,
      }),
      now,
    );
    return created;
  });
  if (id === undefined) {
    const first = await findGroupMessageByRequest(deps.db, input.requestId);
    if (!first) throw new Error(`group message ${input.requestId} vanished`);
    return repeatOf(first);
  }
  deps.outbox.wake();
  return { id, count: rows.length, repeated: false };
}
