import type { Kysely } from 'kysely';
import type { DB, PaymentStatus } from '../../db/schema.ts';
import {
  issueCreditNote,
  issueReceipt,
  type ReceiptContext,
} from '../receipts/receipts.service.ts';
import { wasCaptured } from './payment-state.ts';

/*
 * A payment's receipt when its money is first taken (in time or too late: a late one is then
 * refunded), its credit note when it is first refunded: in the ledger's transaction, so a change
 * rolled back takes its number back. Answers whether an e-mail was queued.
 */
export async function issuePaymentDocuments(
  trx: Kysely<DB>,
  payment: {
    paymentId: string;
    submissionId: string | null;
    amountPaise: number;
    currency: string;
  },
  change: { before: PaymentStatus | undefined; status: PaymentStatus },
  context: ReceiptContext,
): Promise<boolean> {
  let queued = false;
  if (wasCaptured(change.status) && !(change.before && wasCaptured(change.before))) {
    queued = (await issueReceipt(trx, payment, context)) !== undefined;
  }
  if (change.status === 'refunded' && change.before !== 'refunded') {
    queued = (await issueCreditNote(trx, payment, context)) !== undefined || queued;
  }
  return queued;
}
