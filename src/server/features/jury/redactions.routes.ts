import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompetitionIdParamsSchema } from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  IdentityCheckSchema,
  RedactionInputSchema,
  RedactionQuerySchema,
} from '../../../shared/schemas/jury-redaction.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { getIdentityCheck, removeRedaction, saveRedaction } from './redactions.service.ts';

const REDACTION = '/competitions/:id/judging/redactions/:entryId/:fieldId';
const RedactionParamsSchema = CompetitionIdParamsSchema.extend({
  entryId: z.string(),
  fieldId: z.string(),
});

/** Admin scope (/api/admin): answers that name their artist, and the jury's redacted copies. */
export const redactionsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/competitions/:id/judging/identity-check',
    {
      schema: {
        summary: 'Entries whose answers shown to jurors contain the artist’s name, e-mail or phone',
        description:
          'Pending and approved entries; each answer with the artist’s own text, what it contains, a masked suggestion and the jury’s copy when redacted.',
        params: CompetitionIdParamsSchema,
        response: { 200: IdentityCheckSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => getIdentityCheck(deps, request.params.id),
  );

  api.put(
    REDACTION,
    {
      schema: {
        summary: 'Saves the jury’s copy of one answer (the artist’s own answer is kept)',
        description:
          'Of work `work` (the first when not said) for a field each work answers. A copy that still contains the artist’s name, e-mail or phone is a 400 naming `text`; an image field or a field hidden from jurors is a 400 naming `fieldId`; a work for an answer asked once per entry, a 400 naming `work`.',
        params: RedactionParamsSchema,
        querystring: RedactionQuerySchema,
        body: RedactionInputSchema,
        response: { 200: IdentityCheckSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const { id, entryId, fieldId } = request.params;
      const { work } = request.query;
      const admin = requireAdmin(request);
      return saveRedaction(deps, id, entryId, fieldId, work, request.body, admin);
    },
  );

  api.delete(
    REDACTION,
    {
      schema: {
        summary: 'Gives jurors the artist’s own answer again',
        description: 'Refused (409 `REDACTION_FIXED`) once a round of the competition has opened.',
        params: RedactionParamsSchema,
        querystring: RedactionQuerySchema,
        response: {
          200: IdentityCheckSchema,
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { id, entryId, fieldId } = request.params;
      const { work } = request.query;
      return removeRedaction(deps, id, entryId, fieldId, work, requireAdmin(request));
    },
  );
};
