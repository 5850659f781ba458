import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompetitionIdParamsSchema } from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  ConflictAddedSchema,
  ConflictInputSchema,
  JudgingInputSchema,
  JudgingSchema,
  PublicJudgingSchema,
} from '../../../shared/schemas/jury.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import {
  addConflict,
  getJudging,
  getPublicJudging,
  removeConflict,
  saveJudging,
} from './judging.service.ts';

const JUDGING = '/competitions/:id/judging';
const errors = { 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema };

/** Public scope (/api): the criteria a competition is judged by, and its jury when published. */
export const judgingPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    JUDGING,
    {
      schema: {
        summary: 'How a competition is judged: its criteria, and the jurors’ names if published',
        params: CompetitionIdParamsSchema,
        response: { 200: PublicJudgingSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => getPublicJudging(deps.db, request.params.id),
  );
};

/** Admin scope (/api/admin): a competition's criteria, panel, jurors per entry and conflicts. */
export const judgingAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    JUDGING,
    {
      schema: {
        summary: 'A competition’s judging set-up',
        params: CompetitionIdParamsSchema,
        response: { 200: JudgingSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => getJudging(deps.db, request.params.id),
  );

  api.put(
    JUDGING,
    {
      schema: {
        summary:
          'Replaces the criteria, the panel, jurors per entry and whether the jury is public',
        description:
          'Criteria keep their id when sent with it. Once a round has opened the criteria are fixed: a change to them is a 409 and changes nothing.',
        params: CompetitionIdParamsSchema,
        body: JudgingInputSchema,
        response: { 200: JudgingSchema, ...errors },
      },
    },
    async (request) => saveJudging(deps, request.params.id, request.body, requireAdmin(request)),
  );

  api.post(
    `${JUDGING}/conflicts`,
    {
      schema: {
        summary: 'Declares that a juror may not judge the entries of an artist (by e-mail)',
        description:
          'In a round already open, each of the artist’s works is taken from the juror at once: their scores for it are removed and it passes to another juror or is marked short of jurors (`taken`).',
        params: CompetitionIdParamsSchema,
        body: ConflictInputSchema,
        response: { 200: ConflictAddedSchema, ...errors },
      },
    },
    async (request) => addConflict(deps, request.params.id, request.body, requireAdmin(request)),
  );

  api.delete(
    `${JUDGING}/conflicts/:conflictId`,
    {
      schema: {
        summary:
          'Withdraws a declared conflict (a work it took from the juror in an open round stays taken)',
        params: CompetitionIdParamsSchema.extend({ conflictId: z.string() }),
        response: { 200: JudgingSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) =>
      removeConflict(deps, request.params.id, request.params.conflictId, requireAdmin(request)),
  );
};
