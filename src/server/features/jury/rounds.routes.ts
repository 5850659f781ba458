import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompetitionIdParamsSchema } from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  NewRoundSchema,
  RoundEndSchema,
  RoundDetailSchema,
  RoundSummarySchema,
} from '../../../shared/schemas/jury.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { attachmentHeader } from '../review/review.service.ts';
import { requireCompetition } from './judging.service.ts';
import { setRoundEnd } from './round-end.ts';
import { getRoundDetail, remindJurors, roundScoresCsv } from './round-results.ts';
import { getRoundSummary, listRounds } from './round-summaries.ts';
import { closeRound, createRound, openRound } from './rounds.service.ts';

const ROUNDS = '/competitions/:id/rounds';
const ROUND = `${ROUNDS}/:roundId`;
const RoundParamsSchema = CompetitionIdParamsSchema.extend({ roundId: z.string() });
const errors = { 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };

/** Admin scope (/api/admin): a competition's rounds of judging, their progress and results. */
export const roundsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    ROUNDS,
    {
      schema: {
        summary: 'The competition’s rounds, first first',
        params: CompetitionIdParamsSchema,
        response: { 200: z.array(RoundSummarySchema), 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => listRounds(deps.db, request.params.id),
  );

  api.post(
    ROUNDS,
    {
      schema: {
        summary: 'Creates the next round as a draft',
        description:
          'Round 1 takes the entries approved in review. A later round takes a shortlist of the closed round before it: `{ top, by }` (the best `top` by normalised or weighted mean) or `{ entries }` (picked by hand).',
        params: CompetitionIdParamsSchema,
        body: NewRoundSchema,
        response: { 201: RoundSummarySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createRound(deps, request.params.id, request.body, requireAdmin(request))),
  );

  api.get(
    ROUND,
    {
      schema: {
        summary: 'A round: each juror’s progress, results so far, declared conflicts',
        params: RoundParamsSchema,
        response: { 200: RoundDetailSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const { id, roundId } = request.params;
      return getRoundDetail(deps, id, await getRoundSummary(deps.db, id, roundId));
    },
  );

  for (const [action, move] of [
    ['open', openRound],
    ['close', closeRound],
  ] as const) {
    api.post(
      `${ROUND}/${action}`,
      {
        schema: {
          summary:
            action === 'open'
              ? 'Opens a draft round: assigns every entry its jurors'
              : 'Closes an open round: its scores are final',
          params: RoundParamsSchema,
          response: { 200: RoundSummarySchema, ...errors },
        },
      },
      async (request) =>
        move(deps, request.params.id, request.params.roundId, requireAdmin(request)),
    );
  }

  api.put(
    `${ROUND}/end`,
    {
      schema: {
        summary: 'Sets when the round is meant to end (null: no end)',
        description:
          'Shown to its jurors; a day before it, each juror with works still to score is reminded once. It closes nothing.',
        params: RoundParamsSchema,
        body: RoundEndSchema,
        response: { 200: RoundSummarySchema, ...errors },
      },
    },
    async (request) =>
      setRoundEnd(
        deps,
        request.params.id,
        request.params.roundId,
        request.body,
        requireAdmin(request),
      ),
  );

  api.post(
    `${ROUND}/reminders`,
    {
      schema: {
        summary: 'E-mails a reminder to each juror of the open round with works left',
        params: RoundParamsSchema,
        response: { 200: z.object({ reminded: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const { id, roundId } = request.params;
      const competitionTitle = await requireCompetition(deps.db, id);
      const round = await getRoundSummary(deps.db, id, roundId);
      const reminded = await remindJurors(
        deps,
        { id: round.id, number: round.number, competitionTitle },
        requireAdmin(request),
      );
      return { reminded };
    },
  );

  api.get(
    `${ROUND}/scores.csv`,
    {
      schema: {
        summary: 'Every score of the round as CSV: one row per entry, juror and criterion',
        params: RoundParamsSchema,
      },
    },
    async (request, reply) => {
      const { id, roundId } = request.params;
      const round = await getRoundSummary(deps.db, id, roundId);
      const csv = await roundScoresCsv(deps.db, id, roundId);
      return reply
        .header('content-disposition', attachmentHeader(`round-${round.number}-scores.csv`))
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
};
