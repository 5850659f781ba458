import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardSchema } from '../../../shared/schemas/admin.ts';
import { loadDashboard } from './dashboard.service.ts';

export function registerDashboardRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/dashboard',
    {
      schema: {
        summary: 'The admin dashboard: counts, growth, revenue, recent and upcoming',
        response: { 200: DashboardSchema },
      },
    },
    async (_request, reply) => {
      const { timeZone } = await app.settingsService.getSettings();
      const dashboard = await loadDashboard(app.database.db, timeZone);
      return reply.header('cache-control', 'no-store').send(dashboard);
    },
  );
}
