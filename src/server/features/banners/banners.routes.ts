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
import type { FeaturePlugin } from '../../deps.ts';
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

const BANNERS = '/banners';

/** Public scope (/api): the home page's banners. */
export const bannersPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    BANNERS,
    {
      schema: {
        summary: 'Home-page banners in display order, newest first',
        response: { 200: z.array(PublicBannerSchema) },
      },
    },
    async (request, reply) => {
      const { json } = await listPublicBanners(deps.db, deps.contentCache);
      return sendCachedJson(request, reply, json);
    },
  );
};

/** Admin scope (/api/admin): the banners, their order and their writes. */
export const bannersAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    BANNERS,
    {
      schema: {
        summary: 'Every banner in display order, with its stored image url',
        response: { 200: z.array(AdminBannerSchema) },
      },
    },
    async () => listAdminBanners(deps.db),
  );

  api.post(
    BANNERS,
    {
      schema: {
        summary: 'Adds a banner, placed first; the image must be an upload',
        body: BannerInputSchema,
        response: { 201: AdminBannerSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createBanner(deps, request.body, requireAdmin(request))),
  );

  api.put(
    `${BANNERS}/order`,
    {
      schema: {
        summary: 'Sets the display order',
        description:
          '`ids` names every banner exactly once, first shown first; any other list is a 400 and changes nothing.',
        body: BannerOrderSchema,
        response: { 200: z.array(AdminBannerSchema), 400: ErrorEnvelopeSchema },
      },
    },
    (request) => reorderBanners(deps, request.body.ids, requireAdmin(request)),
  );

  api.put(
    `${BANNERS}/:id`,
    {
      schema: {
        summary: 'Changes a banner’s title, description and image',
        params: BannerIdParamsSchema,
        body: BannerInputSchema,
        response: { 200: AdminBannerSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    (request) => updateBanner(deps, request.params.id, request.body, requireAdmin(request)),
  );

  api.delete(
    `${BANNERS}/:id`,
    {
      schema: {
        summary: 'Removes a banner (its image file stays, as other records may use it)',
        params: BannerIdParamsSchema,
        response: { 204: z.null(), 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await deleteBanner(deps, request.params.id, requireAdmin(request));
      return reply.status(204).send(null);
    },
  );
};
