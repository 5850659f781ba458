import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompetitionIdParamsSchema,
  CompetitionListQuerySchema,
  PublicCompetitionSchema,
} from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import { AppError } from '../../errors.ts';
import { sendCachedJson } from '../../http/cached-json.ts';
import { COMPETITION_NOT_FOUND } from './competitions.service.ts';

export function registerCompetitionRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/competitions',
    {
      schema: {
        summary: 'Competitions, Open first (closing soonest), then Upcoming, then Closed',
        description:
          '`q` finds text in the title or description, in any letter case; `category` and `subcategory` are ids. Unknown ids match nothing.',
        querystring: CompetitionListQuerySchema,
        response: { 200: z.array(PublicCompetitionSchema) },
      },
    },
    async (request, reply) => {
      const body = await app.competitionsService.searchPublic(request.query);
      return sendCachedJson(request, reply, body);
    },
  );

  api.get(
    '/api/competitions/:id',
    {
      schema: {
        summary: 'One competition',
        params: CompetitionIdParamsSchema,
        response: { 200: PublicCompetitionSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const found = await app.competitionsService.findPublic(request.params.id);
      if (!found) throw new AppError(404, 'NOT_FOUND', COMPETITION_NOT_FOUND);
      return sendCachedJson(request, reply, found.json);
    },
  );
}
