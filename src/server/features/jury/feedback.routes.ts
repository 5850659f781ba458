import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompetitionIdParamsSchema } from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  AdminFeedbackSchema,
  FeedbackEditParamsSchema,
  FeedbackEditSchema,
} from '../../../shared/schemas/feedback.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { editFeedback, listFeedback } from './feedback.service.ts';

const FEEDBACK = '/competitions/:id/feedback';

/** Admin scope (/api/admin): the jury's feedback for the artists, read, edited or hidden. */
export const feedbackAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    FEEDBACK,
    {
      schema: {
        summary: 'Every juror’s feedback for the artists, per work, with its juror',
        params: CompetitionIdParamsSchema,
        response: { 200: AdminFeedbackSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => listFeedback(deps.db, request.params.id),
  );

  api.put(
    `${FEEDBACK}/:roundId/:workId/:jurorId`,
    {
      schema: {
        summary: 'Edits or hides one juror’s feedback on one work (audited)',
        description: 'Feedback over 2000 characters is a 400 naming `feedback`.',
        params: FeedbackEditParamsSchema,
        body: FeedbackEditSchema,
        response: { 200: AdminFeedbackSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const { id, roundId, workId, jurorId } = request.params;
      const key = { competitionId: id, roundId, workId, jurorId };
      return editFeedback(deps, key, request.body, requireAdmin(request));
    },
  );
};
