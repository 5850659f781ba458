import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCompetitionSchema,
  CompetitionDeletedSchema,
  CompetitionIdParamsSchema,
  CompetitionInputSchema,
  CompetitionListQuerySchema,
  CompetitionWithDetailsSchema,
  PublicCompetitionSchema,
} from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { sendCachedJson } from '../../http/cached-json.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { COMPETITION_NOT_FOUND } from '../../../shared/messages.ts';
import {
  createCompetition,
  deleteCompetition,
  findAdminCompetition,
  listAdminCompetitions,
  updateCompetition,
} from './admin-competitions.service.ts';
import { previewCompetition } from './competition-preview.service.ts';

/** Public scope (/api): the catalogue, served from memory. */
export const competitionsPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/competitions',
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
      const body = await deps.competitions.searchPublic(request.query);
      return sendCachedJson(request, reply, body);
    },
  );

  api.get(
    '/competitions/:id',
    {
      schema: {
        summary: 'One competition',
        params: CompetitionIdParamsSchema,
        response: { 200: CompetitionWithDetailsSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const found = await deps.competitions.findPublic(request.params.id);
      if (!found) throw notFound(COMPETITION_NOT_FOUND);
      return sendCachedJson(request, reply, found.json);
    },
  );
};

/** Admin scope (/api/admin): the admin's competitions and their writes. */
export const competitionsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const notFoundResponse = { 404: ErrorEnvelopeSchema };

  api.get(
    '/competitions',
    {
      schema: {
        summary: 'Every competition, newest created first, with its submission count',
        response: { 200: z.array(AdminCompetitionSchema) },
      },
    },
    () => listAdminCompetitions(deps),
  );

  api.get(
    '/competitions/:id',
    {
      schema: {
        summary: 'One competition as the admin form edits it',
        params: CompetitionIdParamsSchema,
        response: { 200: AdminCompetitionSchema, ...notFoundResponse },
      },
    },
    (request) => findAdminCompetition(deps, request.params.id),
  );

  api.get(
    '/competitions/:id/preview',
    {
      schema: {
        summary:
          "One competition as its public page will show it, drafts included (admins' preview)",
        params: CompetitionIdParamsSchema,
        response: { 200: CompetitionWithDetailsSchema, ...notFoundResponse },
      },
    },
    (request) => previewCompetition(deps, request.params.id),
  );

  api.post(
    '/competitions',
    {
      schema: {
        summary: 'Creates a competition; shown on the public site at once',
        description:
          'The category must exist and the subcategory belong to it; images are URLs of uploads (`POST /api/admin/uploads/images`) or empty. A free entry costs 0.',
        body: CompetitionInputSchema,
        response: { 201: AdminCompetitionSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCompetition(deps, request.body, requireAdmin(request))),
  );

  api.put(
    '/competitions/:id',
    {
      schema: {
        summary: "Replaces a competition's fields; shown on the public site at once",
        params: CompetitionIdParamsSchema,
        body: CompetitionInputSchema,
        response: { 200: AdminCompetitionSchema, 400: ErrorEnvelopeSchema, ...notFoundResponse },
      },
    },
    (request) => updateCompetition(deps, request.params.id, request.body, requireAdmin(request)),
  );

  api.delete(
    '/competitions/:id',
    {
      schema: {
        summary: 'Deletes a competition; its submissions are kept, with its title and fee',
        params: CompetitionIdParamsSchema,
        response: { 200: CompetitionDeletedSchema, ...notFoundResponse },
      },
    },
    (request) => deleteCompetition(deps, request.params.id, requireAdmin(request)),
  );
};
