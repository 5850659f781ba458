import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EntryViewSchema,
  LINK_REQUEST_MESSAGES,
  LinkRequestAnswerSchema,
  LinkRequestSchema,
  ViewEntrySchema,
  WithdrawEntrySchema,
} from '../../../shared/schemas/entry.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requestEntryLink, viewEntry } from './entries.service.ts';
import { withdrawEntry } from './withdrawal.ts';

/**
 * Public scope (/api): the artist's entry page and "Lost your link?". Both are POSTs so the token
 * and the address travel in a body, which no log records.
 */
export const entriesPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/entries/view',
    {
      schema: {
        summary: 'The entry a signed link opens, as its artist sees it',
        body: ViewEntrySchema,
        response: { 200: EntryViewSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const view = await viewEntry(deps, request.body.entryToken);
      reply.header('cache-control', 'private, no-store');
      return view;
    },
  );

  api.post(
    '/entries/withdraw',
    {
      schema: {
        summary: 'Withdraws the unpaid entry a signed link opens ("Start a different entry")',
        body: WithdrawEntrySchema,
        response: {
          200: EntryViewSchema,
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const view = await withdrawEntry(deps, request.body.entryToken);
      reply.header('cache-control', 'private, no-store');
      return view;
    },
  );

  api.post(
    '/entries/link-requests',
    {
      schema: {
        summary: "Sends an entry's link again to the address it was registered with",
        body: LinkRequestSchema,
        response: {
          202: LinkRequestAnswerSchema,
          400: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await requestEntryLink(deps, request.body, request.ip);
      return reply.status(202).send({ message: LINK_REQUEST_MESSAGES.sent });
    },
  );
};
