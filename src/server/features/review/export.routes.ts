import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayIn } from '../../../shared/domain/competition-status.ts';
import { ReviewQuerySchema } from '../../../shared/schemas/review.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { PRIVATE_FILE_CACHE } from '../media/media.service.ts';
import { attachmentHeader } from './download-name.ts';
import { exportCsv } from './export.service.ts';

/** Admin scope (/api/admin): the review's current view as a CSV file. */
export const exportAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/submissions/export.csv',
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
      const csv = await exportCsv(deps, request.query);
      // The site's day, not UTC's: an export at 01:00 in India is named after that day.
      const day = todayIn((await deps.settings.getSettings()).timeZone, deps.clock.now());
      return reply
        .header('cache-control', PRIVATE_FILE_CACHE)
        .header('content-disposition', attachmentHeader(`submissions-${day}.csv`))
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
};
