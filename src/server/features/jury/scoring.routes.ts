import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  ConflictDeclarationSchema,
  JurorRoundSchema,
  ScoreSheetSchema,
  WorkSchema,
} from '../../../shared/schemas/jury.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireJuror } from '../../plugins/admin-guard.ts';
import {
  declareConflict,
  getWork,
  listJurorRounds,
  saveScores,
  workDocument,
  workImage,
} from './scoring.service.ts';

const WORK = '/rounds/:roundId/works/:alias';
const WorkParamsSchema = z.object({ roundId: z.string(), alias: z.string() });
const notFoundOrClosed = { 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };

/**
 * Jury scope (/api/jury): a juror's rounds and works. Every answer is built from the juror's own
 * assignments: a round they do not sit on, or a work not assigned to them, does not exist (404).
 */
export const scoringJuryRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/rounds',
    {
      schema: {
        summary: 'The rounds the juror has works in, with their progress',
        response: { 200: z.array(JurorRoundSchema) },
      },
    },
    async (request) => listJurorRounds(deps, requireJuror(request)),
  );

  api.get(
    WORK,
    {
      schema: {
        summary: 'One assigned work: its non-personal answers, images, the criteria, own scores',
        params: WorkParamsSchema,
        response: { 200: WorkSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) =>
      getWork(deps, requireJuror(request), request.params.roundId, request.params.alias),
  );

  api.put(
    `${WORK}/scores`,
    {
      schema: {
        summary: 'Saves the juror’s whole score sheet for a work (the same sheet again is a no-op)',
        description:
          'A score off its criterion’s scale, an unknown criterion or a required one left out is a 400 naming each; a closed round (`ROUND_CLOSED`) or a ranking round (`ROUND_NOT_SCORED`: it has a ballot, not score sheets) is a 409.',
        params: WorkParamsSchema,
        body: ScoreSheetSchema,
        response: { 200: WorkSchema, 400: ErrorEnvelopeSchema, ...notFoundOrClosed },
      },
    },
    async (request) =>
      saveScores(
        deps,
        requireJuror(request),
        request.params.roundId,
        request.params.alias,
        request.body,
      ),
  );

  api.post(
    `${WORK}/conflict`,
    {
      schema: {
        summary: 'Declares a conflict: the work leaves this juror’s list and passes to another',
        params: WorkParamsSchema,
        body: ConflictDeclarationSchema,
        response: {
          200: z.object({ nextAlias: z.string().nullable() }),
          400: ErrorEnvelopeSchema,
          ...notFoundOrClosed,
        },
      },
    },
    async (request) =>
      declareConflict(
        deps,
        requireJuror(request),
        request.params.roundId,
        request.params.alias,
        request.body.reason,
      ),
  );

  api.get(
    `${WORK}/documents/:n`,
    {
      schema: {
        summary: 'A work’s document (PDF) of a field shown to jurors, named by the work’s alias',
        params: WorkParamsSchema.extend({ n: z.coerce.number().int().min(1).max(50) }),
      },
    },
    async (request, reply) => {
      const { roundId, alias, n } = request.params;
      const { file, name } = await workDocument(deps, requireJuror(request), roundId, alias, n);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${name}"`)
        .type(file.contentType)
        .send(file.body);
    },
  );

  api.get(
    `${WORK}/images/:n`,
    {
      schema: {
        summary:
          'A work’s image, named by the work’s alias; `?size=full` for the large copy (2560 px)',
        params: WorkParamsSchema.extend({ n: z.coerce.number().int().min(1).max(50) }),
        querystring: z.object({ size: z.enum(['display', 'full']).default('display') }),
      },
    },
    async (request, reply) => {
      const { roundId, alias, n } = request.params;
      const { file, name } = await workImage(
        deps,
        requireJuror(request),
        roundId,
        alias,
        n,
        request.query.size,
      );
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="${name}"`)
        .type(file.contentType)
        .send(file.body);
    },
  );
};
