import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCodeListSchema,
  AdminCodeSchema,
  CodeIdParamsSchema,
  CodeInputSchema,
  PriceBreakdownSchema,
  QuoteRequestSchema,
} from '../../../shared/schemas/codes.ts';
import { CompetitionIdParamsSchema } from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { createCode, deactivateCode, listCodes } from './admin-codes.ts';
import { quoteEntry } from './quote.ts';

/** Public scope (/api): what an entry would cost, as the registration form shows it. */
export const codesPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/competitions/:id/quote',
    {
      schema: {
        summary: 'The fee breakdown of an entry of `works` works, with an optional code',
        description:
          'The tier in force, the first and further works, the discount and the total. A code ' +
          'that cannot be used is a 400 naming `code` with the reason; the server charges the ' +
          'same breakdown when the entry is registered.',
        params: CompetitionIdParamsSchema,
        body: QuoteRequestSchema,
        response: {
          200: PriceBreakdownSchema,
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const quote = await quoteEntry(deps, request.params.id, request.body, request.ip);
      reply.header('cache-control', 'private, no-store');
      return quote;
    },
  );
};

/** Admin scope (/api/admin): the codes, their uses, a new code, a code taken out of use. */
export const codesAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/codes',
    {
      schema: {
        summary: 'Every code, newest first, with its uses',
        response: { 200: AdminCodeListSchema },
      },
    },
    () => listCodes(deps),
  );

  api.post(
    '/codes',
    {
      schema: {
        summary: 'Adds a code: percent or rupees off, or the fee waived',
        body: CodeInputSchema,
        response: { 201: AdminCodeSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCode(deps, request.body, requireAdmin(request))),
  );

  api.post(
    '/codes/:id/deactivate',
    {
      schema: {
        summary: 'Takes a code out of use; its uses stay listed',
        params: CodeIdParamsSchema,
        response: { 200: AdminCodeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    (request) => deactivateCode(deps, request.params.id, requireAdmin(request)),
  );
};
