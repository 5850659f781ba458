import type { Feature } from '../feature.ts';
import { erasureAdminRoutes, myDataRoutes } from './personal-data.routes.ts';

export const personalDataFeature: Feature = {
  name: 'personal-data',
  routes: {
    admin: [erasureAdminRoutes],
    artist: [myDataRoutes],
  },
};
