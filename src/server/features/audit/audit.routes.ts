import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditLogPageSchema } from '../../../shared/schemas/admin.ts';
import { listAuditLog } from './audit.ts';

export function registerAuditRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/audit-log',
    {
      schema: {
        summary: 'Who changed what, newest first, 50 to a page',
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) }),
        response: { 200: AuditLogPageSchema },
      },
    },
    async (request) => listAuditLog(app.deps.db, request.query.page),
  );
}
