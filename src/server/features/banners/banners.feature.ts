import type { Feature } from '../feature.ts';
import { bannersAdminRoutes, bannersPublicRoutes } from './banners.routes.ts';

export const bannersFeature: Feature = {
  name: 'banners',
  routes: { public: [bannersPublicRoutes], admin: [bannersAdminRoutes] },
};
