import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminEntrySchema, SubmissionIdParamsSchema } from '../../../shared/schemas/admin-entry.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  ReviewCountsQuerySchema,
  ReviewCountsSchema,
  ReviewItemSchema,
  ReviewPageSchema,
  ReviewQuerySchema,
} from '../../../shared/schemas/review.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { PRIVATE_FILE_CACHE } from '../media/media.service.ts';
import { loadAdminEntry } from './admin-entry.ts';
import { attachmentHeader } from './download-name.ts';
import {
  countSubmissions,
  findDownload,
  listSubmissions,
  loadReviewItem,
} from './review.service.ts';

const ERRORS = { 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema };

/**
 * Admin scope (/api/admin): the admin's 'Competition Submissions', read. The review owns every
 * /api/admin/submissions route: decisions.routes.ts changes them, export.routes.ts and
 * archive.routes.ts download them.
 */
export const reviewAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/submissions',
    {
      schema: {
        summary: 'Submissions, searched, filtered and paged on the server (keyset), newest first',
        description:
          'Search finds a substring of the name, e-mail or reference in any script and case; % and _ are literal. Pass `nextCursor` as `cursor` for the next page.',
        querystring: ReviewQuerySchema,
        response: { 200: ReviewPageSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request) => listSubmissions(deps, request.query),
  );
  api.get(
    '/submissions/counts',
    {
      schema: {
        summary: 'How many submissions match the filters, by status and by payment',
        description:
          'The status counts leave the status filter out, the payment counts the payment filter: what each choice would show. Asked once per view rather than with every page, since it reads every matching row.',
        querystring: ReviewCountsQuerySchema,
        response: { 200: ReviewCountsSchema, 400: ErrorEnvelopeSchema },
      },
    },
    async (request) => countSubmissions(deps, request.query),
  );
  api.get(
    '/submissions/:id',
    {
      schema: {
        summary: 'One entry with its payment ledger',
        params: SubmissionIdParamsSchema,
        response: { 200: AdminEntrySchema, ...ERRORS },
      },
    },
    async (request) => loadAdminEntry(deps, request.params.id),
  );
  api.get(
    '/submissions/:id/review',
    {
      schema: {
        summary: 'One submission as a row of the review shows it: photo, artworks, duplicate flag',
        description:
          "The admin's entry page: the images are the admin URLs of their display copies.",
        params: SubmissionIdParamsSchema,
        response: { 200: ReviewItemSchema, ...ERRORS },
      },
    },
    async (request) => loadReviewItem(deps, request.params.id),
  );
  api.get(
    '/submissions/:id/download/:file',
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
      const download = await findDownload(deps, request.params.id, request.params.file);
      return reply
        .header('cache-control', PRIVATE_FILE_CACHE)
        .header('content-disposition', attachmentHeader(download.name))
        .header('content-length', download.file.size)
        .type(download.file.contentType)
        .send(download.file.body);
    },
  );
};
