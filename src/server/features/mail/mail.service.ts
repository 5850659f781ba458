/*
 * The mail feature's front door: what other features use to write to artists and jurors. A
 * message is queued in the caller's transaction and sent later by the outbox worker; its text
 * comes from an editable template (the artist's messages) or the caller's own (a juror's).
 */

export {
  artistEmail,
  artistValues,
  CONFIRMATION_KIND,
  confirmationValues,
  DECISION_KINDS,
  ENTRY_LINK_KIND,
  entryLinkEmail,
  PAYMENT_RECEIVED_KIND,
  PAYMENT_REFUNDED_KIND,
  paymentRefundedEmail,
  paymentValues,
} from './artist-emails.ts';
export { ARTIST_SIGN_IN_KIND } from './artist-sign-in-email.ts';
export { currentTemplate, writeEmail } from './email-templates.service.ts';
export { CREDIT_NOTE_KIND, RECEIPT_KIND } from './receipt-emails.ts';
export { reminderEmail } from './reminder-emails.ts';
export {
  type OutgoingEmail,
  queueEmail,
  queueEmails,
  withdrawWaitingDecisionEmails,
} from './outbox.service.ts';
export { renderTemplate } from './template-render.ts';
export type { AttachmentRef } from './outbox-attachments.ts';
export { deleteMessagesTo, findMessagesTo } from './outbox-erasure.repository.ts';
