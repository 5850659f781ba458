import type { Feature } from '../feature.ts';
import { settingsAdminRoutes, settingsPublicRoutes } from './settings.routes.ts';
import { siteSettingsAdminRoutes } from './site-settings.routes.ts';

export const settingsFeature: Feature = {
  name: 'settings',
  routes: { public: [settingsPublicRoutes], admin: [settingsAdminRoutes, siteSettingsAdminRoutes] },
};
