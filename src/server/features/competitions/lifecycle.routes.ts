import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCompetitionSchema,
  CompetitionIdParamsSchema,
} from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  ExtensionGrantedSchema,
  ExtensionInputSchema,
  ExtensionSchema,
} from '../../../shared/schemas/extension.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { closeEntriesNow, grantExtension, listExtensions } from './lifecycle-admin.service.ts';

/** Admin scope (/api/admin): closing entries now, and artists' extensions (decision 021). */
export const lifecycleAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/competitions/:id/close-entries',
    {
      schema: {
        summary: 'Closes entries now: the end date becomes today, the closing time the last minute',
        description: '409 `ENTRIES_CLOSED` when entries are closed already.',
        params: CompetitionIdParamsSchema,
        response: {
          200: AdminCompetitionSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    (request) => closeEntriesNow(deps, request.params.id, requireAdmin(request)),
  );

  api.get(
    '/competitions/:id/extensions',
    {
      schema: {
        summary: "The competition's extensions, newest first",
        params: CompetitionIdParamsSchema,
        response: { 200: z.array(ExtensionSchema), 404: ErrorEnvelopeSchema },
      },
    },
    (request) => listExtensions(deps, request.params.id),
  );

  api.post(
    '/competitions/:id/extensions',
    {
      schema: {
        summary: 'Lets one artist (by e-mail) register after the close, until a chosen time',
        description:
          'Answers the personal link once (only a hash of its secret is kept); registering with it from another e-mail, after `validUntil` or with an altered secret is refused (409 `EXTENSION_REFUSED`).',
        params: CompetitionIdParamsSchema,
        body: ExtensionInputSchema,
        response: {
          201: ExtensionGrantedSchema,
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await grantExtension(deps, request.params.id, request.body, requireAdmin(request))),
  );
};
