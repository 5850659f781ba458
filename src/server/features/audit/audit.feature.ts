import type { Feature } from '../feature.ts';
import { auditAdminRoutes } from './audit.routes.ts';

export const auditFeature: Feature = {
  name: 'audit',
  routes: { admin: [auditAdminRoutes] },
};
