import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type AdminEntry,
  AdminEntrySchema,
  PaymentIdParamsSchema,
  SubmissionIdParamsSchema,
} from '../../../shared/schemas/admin-entry.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { findPayment, findPaymentsOfEntry } from '../payments/payments.repository.ts';
import { entryViewOf } from './entries.service.ts';
import { findEntry } from './submissions.repository.ts';

export const SUBMISSION_NOT_FOUND = 'Submission not found.';

/** One entry as the admin sees it: the artist's view, plus the payment ledger. */
export async function loadAdminEntry(db: Kysely<DB>, submissionId: string): Promise<AdminEntry> {
  const [row, payments] = await Promise.all([
    findEntry(db, submissionId),
    findPaymentsOfEntry(db, submissionId),
  ]);
  if (!row) throw notFound(SUBMISSION_NOT_FOUND);
  return {
    id: row.id,
    fullName: row.full_name,
    entry: entryViewOf(row),
    payments: payments.map((p) => ({
      paymentId: p.payment_id,
      orderId: p.order_id,
      provider: p.provider,
      amountPaise: p.amount_paise,
      currency: p.currency,
      status: p.status,
      errorDescription: p.error_description,
      refundId: p.refund_id,
      createdAt: p.created_at,
      updatedAt: p.updated_at,
    })),
    paidTwice: payments.filter((p) => p.status === 'captured').length > 1,
  };
}

/** Issue 13 items 4 and 6: an entry's payments in the admin area, and a refund of one. */
export function registerAdminEntryRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const ERRORS = { 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

  api.get(
    '/api/admin/submissions/:id',
    {
      schema: {
        summary: 'One entry with its payment ledger',
        params: SubmissionIdParamsSchema,
        response: { 200: AdminEntrySchema, ...ERRORS },
      },
    },
    async (request) => loadAdminEntry(db, request.params.id),
  );

  api.post(
    '/api/admin/payments/:paymentId/refund',
    {
      schema: {
        summary: 'Refunds a received payment in full; answers its entry as it is afterwards',
        description:
          'One idempotency key per payment: a retry, a double click or a second admin never refunds twice.',
        params: PaymentIdParamsSchema,
        response: {
          200: AdminEntrySchema,
          ...ERRORS,
          409: ErrorEnvelopeSchema,
          502: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const { paymentId } = request.params;
      await app.deps.payments.refund(paymentId, admin);
      const payment = await findPayment(db, paymentId);
      if (!payment?.submission_id) throw notFound(SUBMISSION_NOT_FOUND);
      return loadAdminEntry(db, payment.submission_id);
    },
  );
}
