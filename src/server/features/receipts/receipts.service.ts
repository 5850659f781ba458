/*
 * The receipts feature's front door: receipts and credit notes issued inside the payments
 * ledger's transaction (receipt-issue.ts), and an entry's documents as the artist's page and the
 * admin's entry list them.
 */

export {
  issueCreditNote,
  issueReceipt,
  type PaidPayment,
  type ReceiptContext,
} from './receipt-issue.ts';
/** An entry's documents and one document's PDF, for a caller that has checked whose entry it is. */
export { receiptPdf, receiptsOfEntry, sendReceiptPdf } from './receipt-documents.ts';
export { anonymiseReceiptsOf } from './receipt-erasure.repository.ts';
