import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  MyExhibitedWorkSchema,
  WorkSaleInputSchema,
  WorkSaleSchema,
  WorkIdParamsSchema,
} from '../../../shared/schemas/exhibition.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireArtist } from '../../plugins/artist-guard.ts';
import { listMyWorkSales, markWorkForSale } from './work-sales.ts';

/** Artist scope (/api/me): the artist's works marked for sale, and the mark itself. */
export const workSalesArtistRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/works/sales',
    {
      schema: {
        summary: 'The signed-in artist’s works on show in opened exhibitions, with any price',
        response: { 200: z.array(MyExhibitedWorkSchema) },
      },
    },
    async (request) => listMyWorkSales(deps, requireArtist(request).email),
  );

  api.put(
    '/works/:workId/sale',
    {
      schema: {
        summary: 'Marks a work of the artist’s for sale at a price (whole rupees), or not (null)',
        params: WorkIdParamsSchema,
        body: WorkSaleInputSchema,
        response: { 200: WorkSaleSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) =>
      markWorkForSale(deps, requireArtist(request).email, request.params.workId, request.body),
  );
};
