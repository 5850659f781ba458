import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import { SubmissionIdParamsSchema } from '../../../shared/schemas/admin-entry.ts';
import {
  BulkDecisionSchema,
  DecisionResultSchema,
  DecisionSchema,
  ReviewCountsQuerySchema,
  ReviewCountsSchema,
  ReviewItemSchema,
  ReviewPageSchema,
  ReviewQuerySchema,
} from '../../../shared/schemas/review.ts';
import { todayIn } from '../../../shared/domain/competition-status.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { decide } from './decisions.service.ts';
import { PRIVATE_FILE_CACHE } from '../media/private-files.service.ts';
import { attachmentHeader } from './download-name.ts';
import { exportCsv } from './export.service.ts';
import { deleteSubmission } from './removal.service.ts';
import {
  countSubmissions,
  findDownload,
  listSubmissions,
  loadReviewItem,
} from './review.service.ts';

/** Issue 14: the admin's 'Competition Submissions'. */
export function registerReviewRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/submissions',
    {
      schema: {
        summary: 'Submissions, searched, filtered and paged on the server (keyset), newest first',
        description:
          'Search finds a substring of the name, e-mail or reference in any script and case; % and _ are literal. Pass `nextCursor` as `cursor` for the next page.',
        querystring: ReviewQuerySchema,
        response: { 200: ReviewPageSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request) => listSubmissions(app.deps.db, request.query),
  );
  api.get(
    '/api/admin/submissions/counts',
    {
      schema: {
        summary: 'How many submissions match the filters, by status and by payment',
        description:
          'The status counts leave the status filter out, the payment counts the payment filter: what each choice would show. Asked once per view rather than with every page, since it reads every matching row.',
        querystring: ReviewCountsQuerySchema,
        response: { 200: ReviewCountsSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request) => countSubmissions(app.deps.db, request.query),
  );

  api.get(
    '/api/admin/submissions/export.csv',
    {
      schema: {
        summary: 'The current view as CSV (every column, the form fields as columns), streamed',
        description:
          "Takes the list's filters and order (no cursor, no limit). RFC 4180, UTF-8 with a byte-order mark; cells that a spreadsheet would run as a formula are neutralised.",
        querystring: ReviewQuerySchema.omit({ cursor: true, limit: true }),
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const csv = await exportCsv(app, request.query);
      // The site's day, not UTC's: an export at 01:00 in India is named after that day.
      const day = todayIn((await app.deps.settings.getSettings()).timeZone);
      return reply
        .header('cache-control', PRIVATE_FILE_CACHE)
        .header('content-disposition', attachmentHeader(`submissions-${day}.csv`))
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  const DECISION_ERRORS = { 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };
  api.get(
    '/api/admin/submissions/:id/review',
    {
      schema: {
        summary: 'One submission as a row of the review shows it: photo, artworks, duplicate flag',
        description:
          "The admin's entry page: the images are the admin URLs of their display copies.",
        params: SubmissionIdParamsSchema,
        response: { 200: ReviewItemSchema, ...DECISION_ERRORS },
      },
    },
    async (request) => loadReviewItem(app.deps.db, request.params.id),
  );
  api.put(
    '/api/admin/submissions/:id/status',
    {
      schema: {
        summary: 'Approves or rejects one submission; the artist is e-mailed when it changes',
        description: 'Only approved and rejected: nothing goes back to pending (seed §4).',
        params: SubmissionIdParamsSchema,
        body: DecisionSchema,
        response: { 200: DecisionResultSchema, ...DECISION_ERRORS },
      },
    },
    async (request) => decide(app, [request.params.id], request.body.status, requireAdmin(request)),
  );
  api.post(
    '/api/admin/submissions/status',
    {
      schema: {
        summary: 'Approves or rejects many submissions in one transaction',
        description: 'An id that does not exist changes nothing and is named in the 404.',
        body: BulkDecisionSchema,
        response: { 200: DecisionResultSchema, ...DECISION_ERRORS },
      },
    },
    async (request) => decide(app, request.body.ids, request.body.status, requireAdmin(request)),
  );
  api.get(
    '/api/admin/submissions/:id/download/:file',
    {
      schema: {
        summary: "A submission's photo or image field, named after the entry, to save",
        description:
          '`file` is `photo` or an image field id. Served as an attachment, never cached.',
        params: SubmissionIdParamsSchema.extend({
          file: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
        }),
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const download = await findDownload(app, request.params.id, request.params.file);
      return reply
        .header('cache-control', PRIVATE_FILE_CACHE)
        .header('content-disposition', attachmentHeader(download.name))
        .header('content-length', download.file.size)
        .type(download.file.contentType)
        .send(download.file.body);
    },
  );
  api.delete(
    '/api/admin/submissions/:id',
    {
      schema: {
        summary:
          'Deletes a submission and every stored file of it; the payment ledger keeps its rows',
        params: SubmissionIdParamsSchema,
        response: { 204: z.null(), ...DECISION_ERRORS },
      },
    },
    async (request, reply) => {
      await deleteSubmission(app, request.params.id, requireAdmin(request));
      return reply.status(204).send(null);
    },
  );
}
