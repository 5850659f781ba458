import type { FastifyReply } from 'fastify';
import { receiptFileNameOf } from '../../../shared/domain/receipt-number.ts';
import { ENTRY_LINK_INVALID } from '../../../shared/entry-page.ts';
import { RECEIPT_MESSAGES, type ReceiptSummary } from '../../../shared/schemas/receipt.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AttachmentRenderer, EmailAttachment } from '../feature.ts';
import { type ReceiptContent, renderReceiptPdf } from './receipt-pdf.ts';
import {
  findReceiptById,
  findReceiptByNumber,
  findReceiptsOfEntry,
  type ReceiptRow,
} from './receipts.repository.ts';

/*
 * An entry's receipts and credit notes: listed for the artist (with the entry's token) and the
 * admin, drawn as PDFs for a download or an e-mail, always from the row as it was issued.
 */

function summaryOf(row: ReceiptRow): ReceiptSummary {
  return {
    number: row.number,
    kind: row.kind,
    issuedAt: row.issued_at,
    amountPaise: row.amount_paise,
    reverses: row.reverses_number,
    paymentId: row.payment_id,
  };
}

function contentOf(row: ReceiptRow, site: { title: string; timeZone: string }): ReceiptContent {
  const seller = JSON.parse(row.seller) as { legalName: string; address: string; gstin: string };
  const date = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: site.timeZone });
  return {
    kind: row.kind,
    number: row.number,
    issuedOn: date.format(new Date(row.issued_at)),
    sellerName: seller.legalName || site.title,
    sellerAddress: seller.address,
    gstin: seller.gstin,
    artistName: row.artist_name,
    artistEmail: row.artist_email,
    competitionTitle: row.competition_title,
    entryReference: row.entry_reference,
    reverses: row.reverses_number,
    lines: JSON.parse(row.lines) as ReceiptContent['lines'],
    gstRateBp: row.gst_rate_bp,
    gstPaise: row.gst_paise,
    totalPaise: row.amount_paise,
    paymentId: row.payment_id,
  };
}

async function pdfOf(row: ReceiptRow, deps: Pick<Deps, 'settings'>): Promise<EmailAttachment> {
  const { title, timeZone } = await deps.settings.getSettings();
  return {
    filename: receiptFileNameOf(row.number),
    contentType: 'application/pdf',
    content: await renderReceiptPdf(contentOf(row, { title, timeZone })),
  };
}

/** The outbox's renderer of a receipt's attachment, by the receipt's id. */
export const renderReceiptAttachment: AttachmentRenderer = async (id, deps) => {
  const row = await findReceiptById(deps.db, id);
  return row ? pdfOf(row, deps) : undefined;
};

async function entryOfToken(deps: Pick<Deps, 'entryTokens'>, token: string) {
  const submissionId = await deps.entryTokens.verify(token);
  // The entry page's own answer to a link that opens nothing.
  if (!submissionId) throw new AppError(404, 'ENTRY_LINK_INVALID', ENTRY_LINK_INVALID);
  return submissionId;
}

type ListDeps = Pick<Deps, 'db' | 'entryTokens'>;

/** The documents of the entry a token opens. */
export async function receiptsOfEntryToken(deps: ListDeps, token: string) {
  const submissionId = await entryOfToken(deps, token);
  return (await findReceiptsOfEntry(deps.db, submissionId)).map(summaryOf);
}

export async function receiptsOfEntry(deps: Pick<Deps, 'db'>, submissionId: string) {
  return (await findReceiptsOfEntry(deps.db, submissionId)).map(summaryOf);
}

/** The PDF of `number`, only when it is of the entry the token opens (else 404, as made up). */
export async function receiptPdfOfEntryToken(
  deps: ListDeps & Pick<Deps, 'settings'>,
  token: string,
  number: string,
): Promise<EmailAttachment> {
  const submissionId = await entryOfToken(deps, token);
  const row = await findReceiptByNumber(deps.db, number);
  if (!row || row.submission_id !== submissionId) throw notFound(RECEIPT_MESSAGES.notFound);
  return pdfOf(row, deps);
}

export async function receiptPdf(
  deps: Pick<Deps, 'db' | 'settings'>,
  number: string,
): Promise<EmailAttachment> {
  const row = await findReceiptByNumber(deps.db, number);
  if (!row) throw notFound(RECEIPT_MESSAGES.notFound);
  return pdfOf(row, deps);
}

/** Answers with a receipt's PDF: one artist's or admin's business, saved rather than opened. */
export function sendReceiptPdf(reply: FastifyReply, pdf: EmailAttachment) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${pdf.filename}"`)
    .type('application/pdf')
    .send(pdf.content);
}
