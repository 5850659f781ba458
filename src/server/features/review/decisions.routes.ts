import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SubmissionIdParamsSchema } from '../../../shared/schemas/admin-entry.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  BulkDecisionSchema,
  BulkUndoSchema,
  DECISION_EMAIL_DELAY_MS,
  DecisionResultSchema,
  DecisionSchema,
  UndoResultSchema,
} from '../../../shared/schemas/review.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { decide, undoDecisions } from './decisions.service.ts';
import { deleteSubmission } from './removal.service.ts';

const ERRORS = { 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
const UNDO_ERRORS = { ...ERRORS, 409: ErrorEnvelopeSchema };
const WAIT = `The artist's e-mail waits ${DECISION_EMAIL_DELAY_MS / 60_000} minutes in the outbox`;

/** Admin scope (/api/admin): approving, rejecting (and undoing that), deleting submissions. */
export const decisionsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.put(
    '/submissions/:id/status',
    {
      schema: {
        summary: 'Approves or rejects one submission; the artist is e-mailed when it changes',
        description: `Only approved and rejected: nothing goes back to pending (seed §4). ${WAIT}: a decision meanwhile replaces it, or withdraws it when the entry is back where it was.`,
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
        description: `An id that does not exist changes nothing and is named in the 404. ${WAIT}, as for one.`,
        body: BulkDecisionSchema,
        response: { 200: DecisionResultSchema, ...ERRORS },
      },
    },
    async (request) => decide(deps, request.body.ids, request.body.status, requireAdmin(request)),
  );
  api.post(
    '/submissions/:id/status/undo',
    {
      schema: {
        summary: "Undoes a decision whose e-mail still waits: the entry's status before it is back",
        description: 'The waiting e-mail is withdrawn. 409 when none waits (none made, or gone).',
        params: SubmissionIdParamsSchema,
        response: { 200: UndoResultSchema, ...UNDO_ERRORS },
      },
    },
    async (request) => undoDecisions(deps, [request.params.id], requireAdmin(request)),
  );
  api.post(
    '/submissions/status/undo',
    {
      schema: {
        summary: 'Undoes the decisions on many submissions whose e-mails still wait',
        description: 'Those with nothing waiting are named and left; 409 when none had any.',
        body: BulkUndoSchema,
        response: { 200: UndoResultSchema, ...UNDO_ERRORS },
      },
    },
    async (request) => undoDecisions(deps, request.body.ids, requireAdmin(request)),
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
