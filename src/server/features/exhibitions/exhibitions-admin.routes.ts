import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompetitionIdParamsSchema } from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  AdminExhibitionSchema,
  EnquiryParamsSchema,
  EnquiryReplyInputSchema,
  EnquirySchema,
  ExhibitionInputSchema,
  ExhibitionWorksInputSchema,
} from '../../../shared/schemas/exhibition.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { answerEnquiry, listEnquiries } from './enquiries.ts';
import {
  chooseExhibitionWorks,
  getAdminExhibition,
  saveExhibition,
  setExhibitionOpen,
} from './exhibition-admin.ts';
import { wakeDisplayCopies } from './display-copies.ts';

const EXHIBITION = '/competitions/:id/exhibition';
const answers = { 200: AdminExhibitionSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/** Admin scope (/api/admin): a competition's exhibition, its works, and visitors' enquiries. */
export const exhibitionsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = CompetitionIdParamsSchema;

  api.get(
    EXHIBITION,
    {
      schema: {
        summary: 'The competition’s exhibition, its works and those it may take',
        params,
        response: answers,
      },
    },
    async (request) => getAdminExhibition(deps, request.params.id),
  );

  api.put(
    EXHIBITION,
    {
      schema: {
        summary: 'Creates the exhibition (not yet open) or changes its text, dates and vote',
        params,
        body: ExhibitionInputSchema,
        response: answers,
      },
    },
    async (request) => saveExhibition(deps, request.params.id, request.body, requireAdmin(request)),
  );

  api.put(
    `${EXHIBITION}/works`,
    {
      schema: {
        summary: 'Chooses the works: every approved one, the latest shortlist, or a list in order',
        description:
          'Works whose artists refused publication are never taken; naming one is a 400 on `workIds.<i>`. 409 `NO_SHORTLIST` without a round.',
        params,
        body: ExhibitionWorksInputSchema,
        response: { ...answers, 409: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await chooseExhibitionWorks(deps, request.params.id, request.body, admin);
      wakeDisplayCopies(deps);
      return getAdminExhibition(deps, request.params.id);
    },
  );

  for (const [action, open] of [
    ['open', true],
    ['close', false],
  ] as const) {
    api.post(
      `${EXHIBITION}/${action}`,
      {
        schema: {
          summary: open ? 'Opens the exhibition to the public' : 'Takes the exhibition down',
          params,
          response: { ...answers, 409: ErrorEnvelopeSchema },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const exhibition = await setExhibitionOpen(deps, request.params.id, open, admin);
        if (open) wakeDisplayCopies(deps);
        return exhibition;
      },
    );
  }

  api.get(
    '/exhibition-enquiries',
    {
      schema: {
        summary: 'Visitors’ enquiries about works for sale, newest first',
        response: { 200: z.array(EnquirySchema) },
      },
    },
    async () => listEnquiries(deps),
  );

  api.post(
    '/exhibition-enquiries/:id/answer',
    {
      schema: {
        summary: 'Answers an enquiry by e-mail (through the outbox)',
        params: EnquiryParamsSchema,
        body: EnquiryReplyInputSchema,
        response: {
          200: EnquirySchema,
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) => answerEnquiry(deps, request.params.id, request.body, requireAdmin(request)),
  );
};
