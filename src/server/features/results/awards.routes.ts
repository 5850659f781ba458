import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompetitionIdParamsSchema } from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  AwardSchema,
  AwardsInputSchema,
  ProposedAwardsSchema,
} from '../../../shared/schemas/results.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { listAwards, proposeAwards, saveAwards } from './awards.service.ts';

const AWARDS = '/competitions/:id/awards';

/** Admin scope (/api/admin): a competition's awards, and a proposal from the jury's ranking. */
export const awardsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    AWARDS,
    {
      schema: {
        summary: 'The competition’s awards, in display order',
        params: CompetitionIdParamsSchema,
        response: { 200: z.array(AwardSchema), 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => listAwards(deps, request.params.id),
  );

  api.put(
    AWARDS,
    {
      schema: {
        summary: 'Replaces the competition’s awards with the list, in its order',
        description:
          'Each entry must be an approved entry of this competition and named once; otherwise 400 naming `awards.<i>.submissionId`, and nothing changes.',
        params: CompetitionIdParamsSchema,
        body: AwardsInputSchema,
        response: {
          200: z.array(AwardSchema),
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => saveAwards(deps, request.params.id, request.body, requireAdmin(request)),
  );

  api.get(
    `${AWARDS}/proposal`,
    {
      schema: {
        summary: 'Awards proposed from the last closed round’s ranking by normalised mean',
        description:
          'First, Second and Third for the top three, Honourable mention for the next two; nothing is saved. 409 `NO_CLOSED_ROUND` before any round has closed.',
        params: CompetitionIdParamsSchema,
        response: {
          200: ProposedAwardsSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => proposeAwards(deps, request.params.id),
  );
};
