import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  AdminErasureRequestSchema,
  AdminErasureRequestsSchema,
  ErasureRequestParamsSchema,
  ErasureRequestSchema,
  MY_DATA_FILE_NAME,
  MyErasureSchema,
} from '../../../shared/schemas/personal-data.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { requireArtist } from '../../plugins/artist-guard.ts';
import { completeErasure, findMyErasure, listErasureRequests, requestErasure } from './erasure.ts';
import { buildMyDataArchive } from './my-data-archive.ts';

/** Artist scope (/api/me): their data as one ZIP, and their request to be erased. */
export const myDataRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/data',
    {
      schema: {
        summary: 'Everything held about the signed-in artist, as one ZIP (data.json and files/)',
      },
    },
    async (request, reply) => {
      const { email } = requireArtist(request);
      const body = await buildMyDataArchive(deps, email);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${MY_DATA_FILE_NAME}"`)
        .type('application/zip')
        .send(body);
    },
  );

  api.get(
    '/erasure',
    {
      schema: {
        summary: "The signed-in artist's erasure request waiting, if any",
        response: { 200: MyErasureSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { email } = requireArtist(request);
      reply.header('cache-control', 'private, no-store');
      return findMyErasure(deps, email);
    },
  );

  api.post(
    '/erasure',
    {
      schema: {
        summary: 'Asks for the signed-in artist to be erased; asking again answers the same',
        description:
          'An admin completes it within 30 days (`dueAt`). 201 when made, 200 with the request ' +
          'already waiting.',
        response: {
          200: ErasureRequestSchema,
          201: ErasureRequestSchema,
          401: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { email } = requireArtist(request);
      const { request: made, created } = await requestErasure(deps, email);
      return reply.status(created ? 201 : 200).send(made);
    },
  );
};

/** Admin scope (/api/admin): the erasure requests, and completing one. */
export const erasureAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/erasure-requests',
    {
      schema: {
        summary: 'Erasure requests: those waiting first, soonest due first',
        response: { 200: AdminErasureRequestsSchema },
      },
    },
    () => listErasureRequests(deps),
  );

  api.post(
    '/erasure-requests/:id/complete',
    {
      schema: {
        summary: 'Completes an erasure: open entries withdrawn, the rest anonymised, files deleted',
        params: ErasureRequestParamsSchema,
        response: {
          200: AdminErasureRequestSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    (request) => completeErasure(deps, request.params.id, requireAdmin(request)),
  );
};
