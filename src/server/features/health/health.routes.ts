import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';

export function registerHealthRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        summary: 'Whether the server and its database answer',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (request, reply) => {
      try {
        await app.deps.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database not answering');
        throw new AppError(503, 'DATABASE_UNAVAILABLE', 'The database is not answering.');
      }
      return reply.header('cache-control', 'no-store').send({ status: 'ok' as const });
    },
  );
}
