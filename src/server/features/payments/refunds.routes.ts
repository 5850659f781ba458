import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminEntrySchema, PaymentIdParamsSchema } from '../../../shared/schemas/admin-entry.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { loadAdminEntry, SUBMISSION_NOT_FOUND } from '../review/review.service.ts';

/** Admin scope (/api/admin): a refund of one payment of an entry. */
export const paymentsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/payments/:paymentId/refund',
    {
      schema: {
        summary: 'Refunds a received payment in full; answers its entry as it is afterwards',
        description:
          'One idempotency key per payment: a retry, a double click or a second admin never refunds twice.',
        params: PaymentIdParamsSchema,
        response: {
          200: AdminEntrySchema,
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          502: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const submissionId = await deps.payments.refund(request.params.paymentId, admin);
      if (!submissionId) throw notFound(SUBMISSION_NOT_FOUND);
      return loadAdminEntry(deps, submissionId);
    },
  );
};
