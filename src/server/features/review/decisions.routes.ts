import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SubmissionIdParamsSchema } from '../../../shared/schemas/admin-entry.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  BulkDecisionSchema,
  DecisionResultSchema,
  DecisionSchema,
} from '../../../shared/schemas/review.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { decide } from './decisions.service.ts';
import { deleteSubmission } from './removal.service.ts';

const ERRORS = { 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** Admin scope (/api/admin): approving, rejecting and deleting submissions. */
export const decisionsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.put(
    '/submissions/:id/status',
    {
      schema: {
        summary: 'Approves or rejects one submission; the artist is e-mailed when it changes',
        description: 'Only approved and rejected: nothing goes back to pending (seed §4).',
        params: SubmissionIdParamsSchema,
        body: DecisionSchema,
        response: { 200: DecisionResultSchema, ...ERRORS },
      },
    },
    async (request) =>
      decide(deps, [request.params.id], request.body.status, requireAdmin(request)),
  );
  api.post(
    '/submissions/status',
    {
      schema: {
        summary: 'Approves or rejects many submissions in one transaction',
        description: 'An id that does not exist changes nothing and is named in the 404.',
        body: BulkDecisionSchema,
        response: { 200: DecisionResultSchema, ...ERRORS },
      },
    },
    async (request) => decide(deps, request.body.ids, request.body.status, requireAdmin(request)),
  );
  api.delete(
    '/submissions/:id',
    {
      schema: {
        summary:
          'Deletes a submission and every stored file of it; the payment ledger keeps its rows',
        params: SubmissionIdParamsSchema,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      await deleteSubmission(deps, request.params.id, requireAdmin(request));
      return reply.status(204).send(null);
    },
  );
};
