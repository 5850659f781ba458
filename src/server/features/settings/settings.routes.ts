import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SecuritySettingsSchema } from '../../../shared/schemas/security-settings.ts';
import { PublicSettingsSchema } from '../../../shared/schemas/settings.ts';
import { VideoSettingsSchema } from '../../../shared/schemas/video-settings.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { cacheJson, sendCachedJson } from '../../http/cached-json.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { auditSettings } from './settings.service.ts';

/** Public scope (/api): the settings every page reads. */
export const settingsPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/settings',
    {
      schema: {
        summary: 'The public site settings: title, description, theme, logo, hero, video id',
        response: { 200: PublicSettingsSchema },
      },
    },
    async (request, reply) => {
      // Emptied with the rest of the public content whenever the settings change.
      const body = await deps.contentCache.get('settings', async () =>
        cacheJson(await deps.settings.getPublicSettings()),
      );
      return sendCachedJson(request, reply, body);
    },
  );
};

/** Admin scope (/api/admin): the security settings and the featured video. */
export const settingsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/security-settings',
    {
      schema: {
        summary: 'Two-factor requirement and session timeouts',
        response: { 200: SecuritySettingsSchema },
      },
    },
    async () => (await deps.settings.getSettings()).security,
  );

  api.put(
    '/security-settings',
    {
      schema: {
        summary: 'Changes the two-factor requirement and session timeouts; applies at once',
        body: SecuritySettingsSchema,
        response: { 200: SecuritySettingsSchema },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const security = request.body;
      // Requiring two-factor of everyone while one's own is off would lock oneself out at once.
      if (security.requireTwoFactor && !admin.twoFactorEnabled) {
        throw new AppError(
          409,
          'OWN_TWO_FACTOR_REQUIRED',
          'Turn on two-factor for your own account before requiring it for every admin.',
        );
      }
      const saved = await deps.settings.updateSettings(
        { security },
        auditSettings(admin, 'settings.security-update', undefined, { ...security }),
      );
      return saved.security;
    },
  );

  api.put(
    '/video',
    {
      schema: {
        summary: 'Sets the featured YouTube video from a link or an id; only the id is kept',
        body: VideoSettingsSchema,
        response: { 200: z.object({ youtubeVideoId: z.string() }) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const youtubeVideoId = request.body.url;
      await deps.settings.updateSettings(
        { youtubeVideoId },
        auditSettings(admin, 'settings.video-update', undefined, { youtubeVideoId }),
      );
      return { youtubeVideoId };
    },
  );

  api.delete(
    '/video',
    {
      schema: {
        summary: 'Removes the featured video: the home page shows none',
        response: { 200: z.object({ youtubeVideoId: z.literal('') }) },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await deps.settings.updateSettings({ youtubeVideoId: '' }, (before) =>
        auditSettings(admin, 'settings.video-remove', undefined, {
          removed: before.youtubeVideoId,
        }),
      );
      return { youtubeVideoId: '' as const };
    },
  );
};
