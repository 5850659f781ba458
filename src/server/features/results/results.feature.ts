import type { Feature } from '../feature.ts';
import { awardsAdminRoutes } from './awards.routes.ts';
import { ballotsAdminRoutes, ballotsJuryRoutes } from './ballots.routes.ts';
import { judgingRecordAdminRoutes, judgingRecordPublicRoutes } from './judging-record.routes.ts';
import { resultsAdminRoutes, resultsPublicRoutes } from './results.routes.ts';

export const resultsFeature: Feature = {
  name: 'results',
  routes: {
    public: [resultsPublicRoutes, judgingRecordPublicRoutes],
    admin: [awardsAdminRoutes, ballotsAdminRoutes, resultsAdminRoutes, judgingRecordAdminRoutes],
    jury: [ballotsJuryRoutes],
  },
};
