import { z } from 'zod';
import { EntryTokenSchema } from './payment.ts';

/*
 * An entry's receipts and credit notes, as the artist's entry page and the admin's entry list
 * them, and the requests that list and download them. The artist's requests are POSTs, so the
 * entry's token travels in a body, which no log records.
 */

const NUMBER_MAX = 40;

export const ReceiptSummarySchema = z.object({
  number: z.string(),
  kind: z.enum(['receipt', 'credit_note']),
  issuedAt: z.string(),
  amountPaise: z.number().int(),
  /** A credit note's receipt. */
  reverses: z.string().nullable(),
  paymentId: z.string(),
});
export type ReceiptSummary = z.infer<typeof ReceiptSummarySchema>;

export const ReceiptListSchema = z.object({ receipts: z.array(ReceiptSummarySchema) });
export type ReceiptList = z.infer<typeof ReceiptListSchema>;

export const EntryReceiptsRequestSchema = z.strictObject({ entryToken: EntryTokenSchema });

export const EntryReceiptDownloadSchema = z.strictObject({
  entryToken: EntryTokenSchema,
  number: z.string().trim().min(1).max(NUMBER_MAX),
});
export type EntryReceiptDownload = z.infer<typeof EntryReceiptDownloadSchema>;

export const AdminReceiptsQuerySchema = z.object({ submissionId: z.string().min(1).max(64) });
export const AdminReceiptPdfQuerySchema = z.object({
  number: z.string().trim().min(1).max(NUMBER_MAX),
});

export const RECEIPT_MESSAGES = {
  notFound: 'No receipt or credit note has this number for this entry.',
} as const;
