import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { includedGstPaise, rateToBasisPoints } from '../../../shared/domain/gst.ts';
import { formatRupees } from '../../../shared/domain/money.ts';
import { paiseToRupees } from '../../../shared/domain/paise.ts';
import {
  financialYearOf,
  receiptNumberOf,
  type ReceiptKind,
  seriesOf,
} from '../../../shared/domain/receipt-number.ts';
import type { Seller } from '../../../shared/schemas/seller.ts';
import type { DB } from '../../db/schema.ts';
import {
  artistValues,
  CREDIT_NOTE_KIND,
  queueEmail,
  RECEIPT_KIND,
  writeEmail,
} from '../mail/mail.service.ts';
import { receiptLinesOf } from './receipt-lines.ts';
import {
  findEntryForReceipt,
  findReceiptOfPayment,
  insertReceipt,
  type ReceiptRow,
  takeNextInSeries,
} from './receipts.repository.ts';

/*
 * Issuing a receipt or a credit note, inside the transaction that records the payment as paid or
 * refunded (the payments feature's ledger): the number is taken there, so a rollback takes it
 * back, and a payment already issued one is answered the one it has.
 */

/** What the ledger reads before its transaction (SQLite's one connection is then the transaction's). */
export interface ReceiptContext {
  seller: Seller;
  /** The site's time zone: the financial year is told by its calendar. */
  timeZone: string;
  siteTitle: string;
  entryLink: string;
  now: Date;
}

export interface PaidPayment {
  paymentId: string;
  submissionId: string | null;
  amountPaise: number;
  currency: string;
}

/** The attachment kind the outbox asks this feature to draw. */
export const RECEIPT_ATTACHMENT = 'receipt';

async function issue(
  trx: Kysely<DB>,
  kind: ReceiptKind,
  payment: PaidPayment,
  context: ReceiptContext,
  reverses: ReceiptRow | undefined,
): Promise<ReceiptRow | undefined> {
  const issued = await findReceiptOfPayment(trx, payment.paymentId, kind);
  if (issued) return issued;
  // A payment whose entry is gone has no one to write to, nor anything to name.
  const entry = payment.submissionId
    ? await findEntryForReceipt(trx, payment.submissionId)
    : undefined;
  if (!entry) return undefined;
  const financialYear = financialYearOf(context.now, context.timeZone);
  const sequence = await takeNextInSeries(trx, seriesOf(kind, financialYear));
  const rateBp = reverses
    ? reverses.gst_rate_bp
    : context.seller.gstRate === null
      ? null
      : rateToBasisPoints(context.seller.gstRate);
  const row: ReceiptRow = {
    id: randomUUID(),
    number: receiptNumberOf(kind, financialYear, sequence),
    kind,
    financial_year: financialYear,
    sequence,
    submission_id: entry.id,
    payment_id: payment.paymentId,
    reverses_number: reverses?.number ?? null,
    amount_paise: payment.amountPaise,
    currency: payment.currency,
    // A credit note gives back what its receipt said was paid, line by line.
    lines: reverses
      ? reverses.lines
      : JSON.stringify(receiptLinesOf(entry.price_breakdown, payment.amountPaise)),
    gst_rate_bp: rateBp,
    gst_paise: includedGstPaise(payment.amountPaise, rateBp),
    seller: JSON.stringify({
      legalName: context.seller.legalName,
      address: context.seller.address,
      gstin: context.seller.gstin,
    }),
    artist_name: entry.full_name,
    artist_email: entry.email,
    competition_title: entry.competition_title,
    entry_reference: entry.reference,
    issued_at: context.now.toISOString(),
  };
  await insertReceipt(trx, row);
  await queueReceiptEmail(trx, row, context);
  return row;
}

async function queueReceiptEmail(trx: Kysely<DB>, row: ReceiptRow, context: ReceiptContext) {
  const template = row.kind === 'receipt' ? RECEIPT_KIND : CREDIT_NOTE_KIND;
  const values = {
    ...artistValues({
      siteTitle: context.siteTitle,
      reference: row.entry_reference,
      fullName: row.artist_name,
      competitionTitle: row.competition_title,
      entryLink: context.entryLink,
    }),
    amount: formatRupees(paiseToRupees(row.amount_paise)),
    number: row.number,
    // A payment taken before receipts were issued has none to name.
    receiptNumber: row.reverses_number ?? 'none',
  };
  const email = await writeEmail(trx, template, values);
  await queueEmail(
    trx,
    {
      kind: template,
      submissionId: row.submission_id,
      to: row.artist_email,
      ...email,
      attachment: { kind: RECEIPT_ATTACHMENT, id: row.id },
    },
    context.now,
  );
}

/** The payment's receipt, issued now unless it has one; undefined when its entry is gone. */
export function issueReceipt(trx: Kysely<DB>, payment: PaidPayment, context: ReceiptContext) {
  return issue(trx, 'receipt', payment, context, undefined);
}

/**
 * The refunded payment's credit note, issued now unless it has one. It reverses the payment's
 * receipt, at the receipt's rate; a payment taken before receipts were issued has none to name.
 */
export async function issueCreditNote(
  trx: Kysely<DB>,
  payment: PaidPayment,
  context: ReceiptContext,
) {
  const receipt = await findReceiptOfPayment(trx, payment.paymentId, 'receipt');
  return issue(trx, 'credit_note', payment, context, receipt);
}
