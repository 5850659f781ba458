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
import type { FeaturePlugin } from '../../deps.ts';
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

const CATEGORIES = '/categories';
const ONE_CATEGORY = `${CATEGORIES}/:id`;

/** Public scope (/api): the categories the home page filters by. */
export const categoriesPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    CATEGORIES,
    {
      schema: {
        summary: 'Categories with their subcategories, newest first',
        response: { 200: z.array(PublicCategorySchema) },
      },
    },
    async (request, reply) => {
      const { json } = await listPublicCategories(deps.db, deps.contentCache);
      return sendCachedJson(request, reply, json);
    },
  );
};

/** Admin scope (/api/admin): categories, their subcategories and form fields. */
export const categoriesAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    CATEGORIES,
    {
      schema: {
        summary: 'Every category, newest first, with its form fields and counts',
        response: { 200: z.array(AdminCategorySchema) },
      },
    },
    async () => listAdminCategories(deps.db, deps.log),
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
      const category = await findAdminCategory(deps.db, request.params.id, deps.log);
      if (!category) throw notFound(CATEGORY_MESSAGES.notFound);
      return category;
    },
  );

  api.post(
    CATEGORIES,
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
      reply.status(201).send(await createCategory(deps, request.body, requireAdmin(request))),
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
    (request) => updateCategory(deps, request.params.id, request.body, requireAdmin(request)),
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
      await deleteCategory(deps, request.params.id, requireAdmin(request));
      return reply.status(204).send(null);
    },
  );
};
