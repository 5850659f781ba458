import type { Feature } from '../feature.ts';
import { dashboardAdminRoutes } from './dashboard.routes.ts';
import { moneyAdminRoutes } from './money.routes.ts';

export const dashboardFeature: Feature = {
  name: 'dashboard',
  routes: { admin: [dashboardAdminRoutes, moneyAdminRoutes] },
};
