import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditLogPageSchema } from '../../../shared/schemas/admin.ts';

export const AUDIT_PAGE_SIZE = 50;

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
    async (request) => {
      const { db } = app.database;
      const page = request.query.page;
      const [rows, total] = await Promise.all([
        db
          .selectFrom('audit_log')
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(AUDIT_PAGE_SIZE)
          .offset((page - 1) * AUDIT_PAGE_SIZE)
          .execute(),
        db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        page,
        pageSize: AUDIT_PAGE_SIZE,
        total: Number(total.n),
        entries: rows.map((r) => ({
          id: r.id,
          actor: r.actor,
          action: r.action,
          entityType: r.entity_type,
          entityId: r.entity_id,
          details: r.details ? (JSON.parse(r.details) as unknown) : null,
          createdAt: r.created_at,
        })),
      };
    },
  );
}
