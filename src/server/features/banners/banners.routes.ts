import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminBannerSchema,
  BannerIdParamsSchema,
  BannerInputSchema,
  BannerOrderSchema,
  PublicBannerSchema,
} from '../../../shared/schemas/banner.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import { sendCachedJson } from '../../http/cached-json.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import {
  createBanner,
  deleteBanner,
  listAdminBanners,
  listPublicBanners,
  reorderBanners,
  updateBanner,
} from './banners.service.ts';

const ADMIN_BANNERS = '/api/admin/banners';

export function registerBannerRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;

  api.get(
    '/api/banners',
    {
      schema: {
        summary: 'Home-page banners in display order, newest first',
        response: { 200: z.array(PublicBannerSchema) },
      },
    },
    async (request, reply) => {
      const { json } = await listPublicBanners(database.db, app.deps.contentCache);
      return sendCachedJson(request, reply, json);
    },
  );

  api.get(
    ADMIN_BANNERS,
    {
      schema: {
        summary: 'Every banner in display order, with its stored image url',
        response: { 200: z.array(AdminBannerSchema) },
      },
    },
    async () => listAdminBanners(database.db),
  );

  api.post(
    ADMIN_BANNERS,
    {
      schema: {
        summary: 'Adds a banner, placed first; the image must be an upload',
        body: BannerInputSchema,
        response: { 201: AdminBannerSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createBanner(app.deps, request.body, requireAdmin(request))),
  );

  api.put(
    `${ADMIN_BANNERS}/order`,
    {
      schema: {
        summary: 'Sets the display order',
        description:
          '`ids` names every banner exactly once, first shown first; any other list is a 400 and changes nothing.',
        body: BannerOrderSchema,
        response: { 200: z.array(AdminBannerSchema), 400: ErrorEnvelopeSchema },
      },
    },
    (request) => reorderBanners(app.deps, request.body.ids, requireAdmin(request)),
  );

  api.put(
    `${ADMIN_BANNERS}/:id`,
    {
      schema: {
        summary: 'Changes a banner’s title, description and image',
        params: BannerIdParamsSchema,
        body: BannerInputSchema,
        response: { 200: AdminBannerSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    (request) => updateBanner(app.deps, request.params.id, request.body, requireAdmin(request)),
  );

  api.delete(
    `${ADMIN_BANNERS}/:id`,
    {
      schema: {
        summary: 'Removes a banner (its image file stays, as other records may use it)',
        params: BannerIdParamsSchema,
        response: { 204: z.null(), 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await deleteBanner(app.deps, request.params.id, requireAdmin(request));
      return reply.status(204).send(null);
    },
  );
}
