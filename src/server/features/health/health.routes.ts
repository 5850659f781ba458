import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeaturePlugin } from '../../deps.ts';
import { AppError } from '../../errors.ts';

/** Public scope (/api): whether the server and its database answer. */
export const healthPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        summary: 'Whether the server and its database answer',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (request, reply) => {
      try {
        await deps.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database not answering');
        throw new AppError(503, 'DATABASE_UNAVAILABLE', 'The database is not answering.');
      }
      return reply.header('cache-control', 'no-store').send({ status: 'ok' as const });
    },
  );
};
