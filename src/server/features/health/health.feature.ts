import type { Feature } from '../feature.ts';
import { healthPublicRoutes } from './health.routes.ts';

export const healthFeature: Feature = {
  name: 'health',
  routes: { public: [healthPublicRoutes] },
};
