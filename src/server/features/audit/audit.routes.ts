import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditLogPageSchema } from '../../../shared/schemas/admin.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { listAuditLog } from './audit.service.ts';

/** Admin scope (/api/admin): the audit log. */
export const auditAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit-log',
    {
      schema: {
        summary: 'Who changed what, newest first, 50 to a page',
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) }),
        response: { 200: AuditLogPageSchema },
      },
    },
    async (request) => listAuditLog(deps.db, request.query.page),
  );
};
