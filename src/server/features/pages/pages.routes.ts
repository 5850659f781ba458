import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import { StaticPageSchema } from '../../../shared/schemas/page.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { sendCachedJson } from '../../http/cached-json.ts';
import { isStaticPageSlug, PAGE_NOT_FOUND, renderStaticPage } from './pages.service.ts';

/** Public scope (/api): the static pages' texts. */
export const pagesPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/pages/:slug',
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
      const { json } = await renderStaticPage(slug, deps.settings, deps.contentCache);
      return sendCachedJson(request, reply, json);
    },
  );
};
