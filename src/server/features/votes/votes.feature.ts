import type { Feature } from '../feature.ts';
import { createVoterRetentionJob } from './voter-privacy.ts';
import { votesAdminRoutes } from './votes-admin.routes.ts';
import { votesPublicRoutes } from './votes.routes.ts';

export const votesFeature: Feature = {
  name: 'votes',
  routes: { public: [votesPublicRoutes], admin: [votesAdminRoutes] },
  workers: [(deps) => createVoterRetentionJob(deps)],
};
