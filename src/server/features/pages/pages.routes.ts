import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import { StaticPageSchema } from '../../../shared/schemas/page.ts';
import { notFound } from '../../errors.ts';
import { sendCachedJson } from '../../http/cached-json.ts';
import { isStaticPageSlug, PAGE_NOT_FOUND, renderStaticPage } from './pages.service.ts';

export function registerPageRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/pages/:slug',
    {
      schema: {
        summary:
          'A static page (about, privacy, terms, razorpay-policy) rendered from its Markdown',
        params: z.object({ slug: z.string() }),
        response: { 200: StaticPageSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      if (!isStaticPageSlug(slug)) throw notFound(PAGE_NOT_FOUND);
      const { json } = await renderStaticPage(slug, app.deps.settings, app.deps.contentCache);
      return sendCachedJson(request, reply, json);
    },
  );
}
