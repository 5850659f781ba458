import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicSettingsSchema } from '../../../shared/schemas/settings.ts';

export function registerSettingsRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/settings',
    {
      schema: {
        summary: 'The public site settings: title, description, theme, logo, hero, video id',
        response: { 200: PublicSettingsSchema },
      },
    },
    async (_request, reply) => {
      // Admins expect a change to show at once, so clients revalidate every time.
      reply.header('cache-control', 'no-cache');
      return app.settingsService.getPublicSettings();
    },
  );
}
