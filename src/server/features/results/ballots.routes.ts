import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  BallotInputSchema,
  BallotSchema,
  RoundRankingSchema,
} from '../../../shared/schemas/results.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireJuror } from '../../plugins/admin-guard.ts';
import { getBallot, getRoundRanking, saveBallot } from './ballots.service.ts';

const RoundParamsSchema = z.object({ roundId: z.string() });
const CompetitionRoundParamsSchema = z.object({ id: z.string(), roundId: z.string() });

/** Jury scope (/api/jury): the juror's ranking ballot in a ranking round they sit on. */
export const ballotsJuryRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/rounds/:roundId/ballot',
    {
      schema: {
        summary: 'The juror’s works in their order and their saved ranking ([] before a save)',
        description:
          '409 `ROUND_NOT_RANKED` for a scored round; 404 for a round the juror is not on.',
        params: RoundParamsSchema,
        response: { 200: BallotSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema },
      },
    },
    async (request) => getBallot(deps, requireJuror(request), request.params.roundId),
  );

  api.put(
    '/rounds/:roundId/ballot',
    {
      schema: {
        summary: 'Saves the juror’s ranking, best first (saving it again is a no-op)',
        description:
          'A partial ranking is allowed. 400 `fields.ranking` for an alias not among the juror’s works (one taken by a conflict included) or an alias twice; 409 `ROUND_NOT_RANKED` for a scored round and `ROUND_CLOSED` once the round has closed; 404 for a round the juror is not on.',
        params: RoundParamsSchema,
        body: BallotInputSchema,
        response: {
          200: BallotSchema,
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      saveBallot(deps, requireJuror(request), request.params.roundId, request.body),
  );
};

/** Admin scope (/api/admin): a ranking round's ballots combined by the Schulze method. */
export const ballotsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/competitions/:id/rounds/:roundId/ranking',
    {
      schema: {
        summary: 'The Schulze ranking of a ranking round, the pairwise table and the tie-breaks',
        description: '400 `ROUND_NOT_RANKING` for a scored round.',
        params: CompetitionRoundParamsSchema,
        response: {
          200: RoundRankingSchema,
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => getRoundRanking(deps, request.params.id, request.params.roundId),
  );
};
