import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompetitionIdParamsSchema } from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  JudgingRecordInputSchema,
  JudgingRecordStateSchema,
  PublishedJudgingRecordSchema,
} from '../../../shared/schemas/judging-record.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import {
  changeJudgingRecord,
  judgingRecordFile,
  judgingRecordState,
  publishedJudgingRecord,
  recordFileName,
} from './judging-record.service.ts';
import { requireCompetition } from '../jury/jury.service.ts';

const RECORD = '/competitions/:id/results/record';

/** Public scope (/api): the published judging record, as its page reads it and as its file. */
export const judgingRecordPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    RECORD,
    {
      schema: {
        summary: 'The published judging record with its SHA-256, for its page',
        params: CompetitionIdParamsSchema,
        response: { 200: PublishedJudgingRecordSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => publishedJudgingRecord(deps.db, request.params.id),
  );

  api.get(
    `${RECORD}.json`,
    {
      schema: {
        summary: 'The published judging record: the exact bytes its SHA-256 was taken of',
        description:
          '404 `RESULTS_NOT_PUBLISHED` or `JUDGING_RECORD_NOT_PUBLISHED`. The `x-content-sha256` header repeats the hash.',
        params: CompetitionIdParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await judgingRecordFile(deps.db, request.params.id);
      return reply
        .header('cache-control', 'public, max-age=300')
        .header('content-length', file.body.length)
        .header(
          'content-disposition',
          `attachment; filename="${recordFileName(request.params.id)}"`,
        )
        .header('x-content-sha256', file.sha256)
        .type('application/json; charset=utf-8')
        .send(file.body);
    },
  );
};

/** Admin scope (/api/admin): whether the record is published, and publishing or withdrawing it. */
export const judgingRecordAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    RECORD,
    {
      schema: {
        summary: 'Whether the judging record is published, and its SHA-256 once written',
        params: CompetitionIdParamsSchema,
        response: { 200: JudgingRecordStateSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      await requireCompetition(deps.db, request.params.id);
      return judgingRecordState(deps.db, request.params.id);
    },
  );

  api.put(
    RECORD,
    {
      schema: {
        summary: 'Publishes (written once, then kept) or withdraws the judging record',
        description:
          '409 `RESULTS_NOT_PUBLISHED` while the results are down, `NO_CLOSED_ROUND` with nothing to record, `RECORD_ALREADY_PUBLISHED` or `RECORD_NOT_PUBLISHED` when nothing would change.',
        params: CompetitionIdParamsSchema,
        body: JudgingRecordInputSchema,
        response: {
          200: JudgingRecordStateSchema,
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      changeJudgingRecord(deps, request.params.id, request.body.published, requireAdmin(request)),
  );
};
