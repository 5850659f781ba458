import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  OutboxIdParamsSchema,
  OutboxMessageDetailSchema,
  OutboxPageSchema,
} from '../../../shared/schemas/outbox.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { getOutboxMessage, listOutbox, sendAgain } from './outbox.service.ts';

const OUTBOX = '/outbox';

/** Admin scope (/api/admin): every message the site wrote, its state, and 'Send again'. */
export const outboxAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get(
    OUTBOX,
    {
      schema: {
        summary: 'The e-mail outbox, newest first, 50 to a page',
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) }),
        response: { 200: OutboxPageSchema },
      },
    },
    async (request) => listOutbox(db, request.query.page),
  );

  api.get(
    `${OUTBOX}/:id`,
    {
      schema: {
        summary: 'One message with its text and HTML bodies',
        params: OutboxIdParamsSchema,
        response: { 200: OutboxMessageDetailSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => getOutboxMessage(db, request.params.id),
  );

  api.post(
    `${OUTBOX}/:id/send-again`,
    {
      schema: {
        summary: 'Sends a failed or not sent message again, its attempts counted afresh',
        description: 'A message in any other state is a 409 and is left as it is.',
        params: OutboxIdParamsSchema,
        response: {
          200: OutboxMessageDetailSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => sendAgain(deps, request.params.id, requireAdmin(request)),
  );
};
