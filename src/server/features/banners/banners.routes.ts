import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicBannerSchema } from '../../../shared/schemas/banner.ts';
import { sendCachedJson } from '../../http/cached-json.ts';
import { listPublicBanners } from './banners.service.ts';

export function registerBannerRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/banners',
    {
      schema: {
        summary: 'Home-page banners in display order, newest first',
        response: { 200: z.array(PublicBannerSchema) },
      },
    },
    async (request, reply) => {
      const { json } = await listPublicBanners(app.database.db, app.contentCache);
      return sendCachedJson(request, reply, json);
    },
  );
}
