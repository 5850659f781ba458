import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicCategorySchema } from '../../../shared/schemas/category.ts';
import { sendCachedJson } from '../../http/cached-json.ts';
import { listPublicCategories } from './categories.service.ts';

export function registerCategoryRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/categories',
    {
      schema: {
        summary: 'Categories with their subcategories, newest first',
        response: { 200: z.array(PublicCategorySchema) },
      },
    },
    async (request, reply) => {
      const { json } = await listPublicCategories(app.database.db, app.contentCache);
      return sendCachedJson(request, reply, json);
    },
  );
}
