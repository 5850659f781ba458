import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicSettingsSchema } from '../../../shared/schemas/settings.ts';
import { cacheJson, sendCachedJson } from '../../http/cached-json.ts';

export function registerSettingsRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/settings',
    {
      schema: {
        summary: 'The public site settings: title, description, theme, logo, hero, video id',
        response: { 200: PublicSettingsSchema },
      },
    },
    async (request, reply) => {
      // Emptied with the rest of the public content whenever the settings change.
      const body = await app.contentCache.get('settings', async () =>
        cacheJson(await app.settingsService.getPublicSettings()),
      );
      return sendCachedJson(request, reply, body);
    },
  );
}
