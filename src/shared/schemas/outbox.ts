import { z } from 'zod';

/*
 * The e-mail outbox as the admin sees it (PRODUCT.md point 10): every message
 * the site has written, whether and when it went out, and why not.
 */

/**
 * pending: waiting for its turn (again, after a failed attempt); sending: a worker has it now;
 * sent; failed: given up after the last attempt, or refused by the recipient's server; not_sent:
 * no SMTP server is configured, so it is kept here to be read.
 */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'not_sent'] as const;
export const OutboxStatusSchema = z.enum(OUTBOX_STATUSES);
export type OutboxStatus = z.infer<typeof OutboxStatusSchema>;

/** A state as the Outbox screen names it. */
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  not_sent: 'Not sent',
};

/** The states an admin may send again from: the others are on their way or done. */
export const SENDABLE_AGAIN: readonly OutboxStatus[] = ['failed', 'not_sent'];

export const OUTBOX_MESSAGES = {
  notFound: 'Message not found',
  notSendableAgain: 'Only a failed or not sent message can be sent again.',
} as const;

/** One message in the list: what it is, to whom, and how its sending went. */
export const OutboxMessageSchema = z.object({
  id: z.string(),
  /** What it is for, e.g. 'registration-confirmation'. */
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: OutboxStatusSchema,
  /** Attempts made to send it, since it was written or last sent again. */
  attempts: z.number(),
  /** Why the last attempt did not send it (the SMTP server's answer, say); null after success. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When it is next due to be tried (pending), or was last due. */
  sendAfter: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** GET /api/admin/outbox/:id: the message with both its bodies, exactly as sent. */
export const OutboxMessageDetailSchema = OutboxMessageSchema.extend({
  text: z.string(),
  html: z.string(),
});
export type OutboxMessageDetail = z.infer<typeof OutboxMessageDetailSchema>;

/** GET /api/admin/outbox?page=N: newest first. */
export const OutboxPageSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  messages: z.array(OutboxMessageSchema),
});
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

export const OutboxIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
