import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompetitionIdParamsSchema } from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  AdminVotesSchema,
  PeoplesChoiceAnswerSchema,
  VoidVotesAnswerSchema,
  VoidVotesSchema,
} from '../../../shared/schemas/votes.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { adminVotes, awardPeoplesChoice, voidVoteList } from './vote-admin.ts';

/** Admin scope (/api/admin): a competition's votes, voiding them, and the People's Choice. */
export const votesAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/competitions/:id/votes',
    {
      schema: {
        summary: 'The vote: counts (the admin sees them while it runs), per hour, clusters, votes',
        params: CompetitionIdParamsSchema,
        response: { 200: AdminVotesSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => adminVotes(deps, request.params.id),
  );

  api.post(
    '/competitions/:id/votes/void',
    {
      schema: {
        summary:
          'Voids votes (one, or a cluster) with a reason; audited. Voided votes do not count',
        params: CompetitionIdParamsSchema,
        body: VoidVotesSchema,
        response: {
          200: VoidVotesAnswerSchema,
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => voidVoteList(deps, request.params.id, request.body, requireAdmin(request)),
  );

  api.post(
    '/competitions/:id/votes/peoples-choice',
    {
      schema: {
        summary:
          "After voting closed: gives the People's Choice award to the most voted works (a tie: all), with certificates when the results are published",
        params: CompetitionIdParamsSchema,
        response: {
          200: PeoplesChoiceAnswerSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => awardPeoplesChoice(deps, request.params.id, requireAdmin(request)),
  );
};
