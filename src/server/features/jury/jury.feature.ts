import type { Feature } from '../feature.ts';
import { feedbackAdminRoutes } from './feedback.routes.ts';
import { judgingAdminRoutes, judgingPublicRoutes } from './judging.routes.ts';
import { jurorInvitationsPublicRoutes, jurorsAdminRoutes } from './jurors.routes.ts';
import { redactionsAdminRoutes } from './redactions.routes.ts';
import { roundsAdminRoutes } from './rounds.routes.ts';
import { scoringJuryRoutes } from './scoring.routes.ts';

export const juryFeature: Feature = {
  name: 'jury',
  routes: {
    public: [judgingPublicRoutes, jurorInvitationsPublicRoutes],
    admin: [
      judgingAdminRoutes,
      redactionsAdminRoutes,
      roundsAdminRoutes,
      jurorsAdminRoutes,
      feedbackAdminRoutes,
    ],
    jury: [scoringJuryRoutes],
  },
};
