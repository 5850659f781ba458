import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCategorySchema,
  CATEGORY_MESSAGES,
  CategoryIdParamsSchema,
  CategoryInputSchema,
  PublicCategorySchema,
} from '../../../shared/schemas/category.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import { notFound } from '../../errors.ts';
import { sendCachedJson } from '../../http/cached-json.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import {
  createCategory,
  deleteCategory,
  findAdminCategory,
  listAdminCategories,
  listPublicCategories,
  updateCategory,
} from './categories.service.ts';

const ADMIN_CATEGORIES = '/api/admin/categories';
const ONE_CATEGORY = `${ADMIN_CATEGORIES}/:id`;

export function registerCategoryRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;

  api.get(
    '/api/categories',
    {
      schema: {
        summary: 'Categories with their subcategories, newest first',
        response: { 200: z.array(PublicCategorySchema) },
      },
    },
    async (request, reply) => {
      const { json } = await listPublicCategories(database.db, app.deps.contentCache);
      return sendCachedJson(request, reply, json);
    },
  );

  api.get(
    ADMIN_CATEGORIES,
    {
      schema: {
        summary: 'Every category, newest first, with its form fields and counts',
        response: { 200: z.array(AdminCategorySchema) },
      },
    },
    async () => listAdminCategories(database.db),
  );

  api.get(
    ONE_CATEGORY,
    {
      schema: {
        summary: 'One category with its form fields and counts',
        params: CategoryIdParamsSchema,
        response: { 200: AdminCategorySchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const category = await findAdminCategory(database.db, request.params.id);
      if (!category) throw notFound(CATEGORY_MESSAGES.notFound);
      return category;
    },
  );

  api.post(
    ADMIN_CATEGORIES,
    {
      schema: {
        summary: 'Adds a category; without formFields it gets the seven default fields',
        description:
          'Blank subcategory names are dropped. A custom field is sent without an id and gets one. A disabled field is saved as not required.',
        body: CategoryInputSchema,
        response: { 201: AdminCategorySchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCategory(app.deps, request.body, requireAdmin(request))),
  );

  api.put(
    ONE_CATEGORY,
    {
      schema: {
        summary: 'Saves a category: name, subcategories in order, form fields',
        description:
          'Subcategories sent with their id keep it; one left out is removed, unless a competition uses it (409). Without formFields the fields stay as they are.',
        params: CategoryIdParamsSchema,
        body: CategoryInputSchema,
        response: {
          200: AdminCategorySchema,
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    (request) => updateCategory(app.deps, request.params.id, request.body, requireAdmin(request)),
  );

  api.delete(
    ONE_CATEGORY,
    {
      schema: {
        summary: 'Deletes a category that no competition uses (409 otherwise)',
        params: CategoryIdParamsSchema,
        response: { 204: z.null(), 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await deleteCategory(app.deps, request.params.id, requireAdmin(request));
      return reply.status(204).send(null);
    },
  );
}
