import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  EnquiryInputSchema,
  ExhibitionArchiveSchema,
  ExhibitionParamsSchema,
  ExhibitionWorkParamsSchema,
  PublicExhibitionSchema,
  PublicExhibitionWorkPageSchema,
} from '../../../shared/schemas/exhibition.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { cacheJson, sendCachedJson } from '../../http/cached-json.ts';
import { sendEnquiry } from './enquiries.ts';
import {
  exhibitionClockState,
  getExhibitionArchive,
  getPublicExhibition,
  getPublicExhibitionWork,
} from './public-exhibitions.ts';

const EXHIBITION = '/exhibitions/:competitionId';
const WORK = `${EXHIBITION}/works/:workId`;

/** Public scope (/api): opened exhibitions, their works, and enquiries about works for sale. */
export const exhibitionsPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /*
   * A gallery is read by every visitor of a shared link, and changed now and then by the admin and
   * the artists: it is kept with the public content (emptied by their writes; an entry's review
   * reaches it within the content's lifetime), one copy for each state of the vote's window, so
   * that a burst of votes never holds it up. A 404 is never kept.
   */
  const kept = async (key: string, competitionId: string, load: () => Promise<unknown>) => {
    const state = await exhibitionClockState(deps, competitionId);
    return deps.contentCache.get(`${key}:${state}`, async () => cacheJson(await load()));
  };

  api.get(
    '/exhibitions',
    {
      schema: {
        summary: 'Opened exhibitions: those running now and the past ones, newest first',
        response: { 200: ExhibitionArchiveSchema },
      },
    },
    async () => getExhibitionArchive(deps),
  );

  api.get(
    EXHIBITION,
    {
      schema: {
        summary: 'An opened exhibition’s gallery: its works in order, and the vote’s window',
        description: 'A work whose artist refused publication is never listed. 404 until opened.',
        params: ExhibitionParamsSchema,
        response: { 200: PublicExhibitionSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { competitionId } = request.params;
      const body = await kept(`exhibition:${competitionId}`, competitionId, () =>
        getPublicExhibition(deps, competitionId),
      );
      return sendCachedJson(request, reply, body);
    },
  );

  api.get(
    WORK,
    {
      schema: {
        summary: 'One work of an opened exhibition, with its neighbours',
        params: ExhibitionWorkParamsSchema,
        response: { 200: PublicExhibitionWorkPageSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { competitionId, workId } = request.params;
      const body = await kept(`exhibition:${competitionId}:${workId}`, competitionId, () =>
        getPublicExhibitionWork(deps, competitionId, workId),
      );
      return sendCachedJson(request, reply, body);
    },
  );

  api.post(
    `${WORK}/enquiries`,
    {
      schema: {
        summary: 'A visitor’s enquiry about a work for sale, sent to the art space',
        description:
          '404 for a work not in an opened exhibition, 409 `NOT_FOR_SALE`, 429 when one address sends too many.',
        params: ExhibitionWorkParamsSchema,
        body: EnquiryInputSchema,
        response: {
          201: z.object({ id: z.string() }),
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { competitionId, workId } = request.params;
      const sent = await sendEnquiry(deps, competitionId, workId, request.body, request.ip);
      return reply.code(201).send(sent);
    },
  );
};
