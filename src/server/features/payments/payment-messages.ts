/** Seed §8's toasts, which the browser shows for these answers, and the refusals' messages. */
export const PAYMENT_MESSAGES = {
  initFailed: 'Failed to initialize payment',
  failed: 'Payment failed',
  cancelled: 'Payment cancelled',
  notPayable: 'This entry has no fee to pay.',
  alreadyPaid: 'This entry is already paid.',
  withdrawn: 'This entry was withdrawn and cannot be paid for.',
  noOrder: 'Start the payment again: this entry has no payment in progress.',
  badSignature: 'The payment could not be verified.',
  entryNotFound: 'Entry not found.',
  paymentNotFound: 'Payment not found.',
  notRefundable: 'Only a received payment can be refunded.',
  alreadyRefunded: 'This payment is already refunded.',
  refundFailed: 'The refund could not be made. Please try again.',
  entriesClosed: 'Entries for this competition have closed: this entry can no longer be paid for.',
  refundedLate:
    'Entries for this competition closed before your payment reached us. Any amount taken is refunded in full.',
} as const;
