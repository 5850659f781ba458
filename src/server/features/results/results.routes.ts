import { setTimeout as sleep } from 'node:timers/promises';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompetitionIdParamsSchema } from '../../../shared/schemas/competition.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  CertificateCodeParamsSchema,
  CertificateVerificationSchema,
  LatestResultsSchema,
  PublicationPreviewSchema,
  PublicationSchema,
  PublishResultsSchema,
  PublicResultsSchema,
} from '../../../shared/schemas/publication.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { certificatePdf, verifyCertificate } from './certificates.service.ts';
import { previewPublication, publishResults, unpublishResults } from './publication.service.ts';
import {
  allPublishedResults,
  awardImage,
  getPublicResults,
  latestResults,
} from './public-results.service.ts';

const RESULTS = '/competitions/:id/results';
const CERTIFICATE = '/certificates/:code';

/**
 * A certificate's answer, found or not, goes no sooner than this after the request: longer than
 * the lookup takes, so its time tells nothing about whether a code exists.
 */
export const CERTIFICATE_ANSWER_MS = 40;

async function answerAfter<T>(started: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    const left = started + CERTIFICATE_ANSWER_MS - performance.now();
    if (left > 0) await sleep(left);
  }
}

/** Public scope (/api): published results, their pictures, and certificates by code. */
export const resultsPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    RESULTS,
    {
      schema: {
        summary: 'A competition’s published results: its awards, as the artists allowed',
        params: CompetitionIdParamsSchema,
        response: { 200: PublicResultsSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => getPublicResults(deps, request.params.id),
  );

  api.get(
    `${RESULTS}/images/:awardId`,
    {
      schema: {
        summary: 'The display copy of an award’s work, while the results are published',
        params: CompetitionIdParamsSchema.extend({ awardId: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const file = await awardImage(deps, request.params.id, request.params.awardId);
      return reply
        .header('cache-control', 'public, max-age=300')
        .header('content-length', file.size)
        .type(file.contentType)
        .send(file.body);
    },
  );

  api.get(
    '/results/latest',
    {
      schema: {
        summary: 'The latest published results, newest first (at most three)',
        response: { 200: LatestResultsSchema },
      },
    },
    async () => latestResults(deps.db),
  );

  api.get(
    '/results',
    {
      schema: {
        summary: 'Every published result, newest first',
        response: { 200: LatestResultsSchema },
      },
    },
    async () => allPublishedResults(deps.db),
  );

  api.get(
    CERTIFICATE,
    {
      schema: {
        summary: 'Whether a certificate is genuine: name, competition, award and date',
        params: CertificateCodeParamsSchema,
        response: { 200: CertificateVerificationSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) =>
      answerAfter(performance.now(), () => verifyCertificate(deps.db, request.params.code)),
  );

  api.get(
    `${CERTIFICATE}/pdf`,
    {
      schema: {
        summary: 'The certificate as a PDF',
        params: CertificateCodeParamsSchema,
      },
    },
    async (request, reply) => {
      const pdf = await answerAfter(performance.now(), () =>
        certificatePdf(deps, request.params.code),
      );
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-length', pdf.size)
        .header('content-disposition', `attachment; filename="${pdf.name}"`)
        .type('application/pdf')
        .send(pdf.body);
    },
  );
};

/** Admin scope (/api/admin): what Publish would do, Publish, and Unpublish. */
export const resultsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    RESULTS,
    {
      schema: {
        summary: 'Whether the results are published, and what Publish would count and send',
        params: CompetitionIdParamsSchema,
        response: { 200: PublicationPreviewSchema, 404: ErrorEnvelopeSchema },
      },
    },
    async (request) => previewPublication(deps, request.params.id),
  );

  api.post(
    `${RESULTS}/publish`,
    {
      schema: {
        summary: 'Publishes the results: the page, the certificates and one e-mail per entrant',
        description:
          '409 `ENTRIES_OPEN` while the competition takes entries (before any other check); 409 `NO_AWARDS` before any award; 409 `ALREADY_PUBLISHED` while they are up (of two at once, one publishes). An artist already written to (before an Unpublish) is not written to again. `releaseFeedback`: the jury’s feedback, not hidden, reaches the artists (entry page, My entries, results e-mail). `publishRecord`: the judging record is published too (409 `NO_CLOSED_ROUND` when no round is closed).',
        params: CompetitionIdParamsSchema,
        body: PublishResultsSchema,
        response: {
          200: PublicationSchema,
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          409: ErrorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      publishResults(deps, request.params.id, requireAdmin(request), {
        releaseFeedback: request.body?.releaseFeedback ?? false,
        publishRecord: request.body?.publishRecord ?? false,
      }),
  );

  api.post(
    `${RESULTS}/unpublish`,
    {
      schema: {
        summary: 'Takes the results page down; e-mails already sent stay sent',
        params: CompetitionIdParamsSchema,
        response: { 200: PublicationSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema },
      },
    },
    async (request) => unpublishResults(deps, request.params.id, requireAdmin(request)),
  );
};
