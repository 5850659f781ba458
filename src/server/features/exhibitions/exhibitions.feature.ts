import type { Feature } from '../feature.ts';
import { createDisplayCopiesJob } from './display-copies.ts';
import { exhibitionsAdminRoutes } from './exhibitions-admin.routes.ts';
import { exhibitionsPublicRoutes } from './exhibitions.routes.ts';
import { workSalesArtistRoutes } from './work-sales.routes.ts';

export const exhibitionsFeature: Feature = {
  name: 'exhibitions',
  routes: {
    public: [exhibitionsPublicRoutes],
    admin: [exhibitionsAdminRoutes],
    artist: [workSalesArtistRoutes],
  },
  workers: [(deps) => createDisplayCopiesJob(deps)],
};
