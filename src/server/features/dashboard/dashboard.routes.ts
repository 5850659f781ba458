import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardSchema } from '../../../shared/schemas/admin.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { loadDashboard } from './dashboard.service.ts';

/** Admin scope (/api/admin): the dashboard. */
export const dashboardAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dashboard',
    {
      schema: {
        summary: 'The admin dashboard: counts, growth, revenue, recent and upcoming',
        response: { 200: DashboardSchema },
      },
    },
    async (_request, reply) => {
      const { timeZone } = await deps.settings.getSettings();
      const dashboard = await loadDashboard(deps.db, timeZone, deps.clock.now());
      return reply.header('cache-control', 'no-store').send(dashboard);
    },
  );
};
