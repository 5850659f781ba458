import type { Feature } from '../feature.ts';
import { competitionsAdminRoutes, competitionsPublicRoutes } from './competitions.routes.ts';
import { lifecycleAdminRoutes } from './lifecycle.routes.ts';

export const competitionsFeature: Feature = {
  name: 'competitions',
  routes: {
    public: [competitionsPublicRoutes],
    admin: [competitionsAdminRoutes, lifecycleAdminRoutes],
  },
};
