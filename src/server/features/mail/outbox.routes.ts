import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  OutboxIdParamsSchema,
  OutboxMessageDetailSchema,
  OutboxPageSchema,
} from '../../../shared/schemas/outbox.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { getOutboxMessage, listOutbox, sendAgain } from './outbox.service.ts';

const ADMIN_OUTBOX = '/api/admin/outbox';

/** The admin's Outbox: every message the site wrote, its state, and 'Send again'. */
export function registerOutboxRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  api.get(
    ADMIN_OUTBOX,
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
    `${ADMIN_OUTBOX}/:id`,
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
    `${ADMIN_OUTBOX}/:id/send-again`,
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
    async (request) =>
      sendAgain(db, request.params.id, requireAdmin(request), () => app.deps.outbox.wake()),
  );
}
