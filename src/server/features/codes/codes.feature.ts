import type { Feature } from '../feature.ts';
import { codesAdminRoutes, codesPublicRoutes } from './codes.routes.ts';

export const codesFeature: Feature = {
  name: 'codes',
  routes: { public: [codesPublicRoutes], admin: [codesAdminRoutes] },
};
