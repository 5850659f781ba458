import { z } from 'zod';
import { EntryViewSchema } from './entry.ts';

/*
 * One entry in the admin area, with its payment ledger, so an admin can see an entry
 * paid twice and refund a payment.
 */

export const PAYMENT_STATUSES = [
  'created',
  'failed',
  'authorized',
  'captured',
  'refunded',
] as const;

export const AdminPaymentSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  provider: z.string(),
  amountPaise: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  errorDescription: z.string().nullable(),
  refundId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const AdminEntrySchema = z.object({
  id: z.string(),
  fullName: z.string(),
  entry: EntryViewSchema,
  payments: z.array(AdminPaymentSchema),
  /** More than one payment captured and not refunded: one is owed back to the artist. */
  paidTwice: z.boolean(),
  /** The artist's extension it was registered with after the close (decision 021), or null. */
  extension: z.object({ validUntil: z.string(), createdBy: z.string() }).nullable().optional(),
  /** When the artist last changed the entry after it was approved or rejected; null if never. */
  changedAfterReview: z.string().nullable().optional(),
});
export type AdminEntry = z.infer<typeof AdminEntrySchema>;

export const SubmissionIdParamsSchema = z.object({ id: z.uuid() });
export const PaymentIdParamsSchema = z.object({
  paymentId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});
