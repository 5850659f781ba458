import type { Feature } from '../feature.ts';
import { categoriesAdminRoutes, categoriesPublicRoutes } from './categories.routes.ts';

export const categoriesFeature: Feature = {
  name: 'categories',
  routes: { public: [categoriesPublicRoutes], admin: [categoriesAdminRoutes] },
};
