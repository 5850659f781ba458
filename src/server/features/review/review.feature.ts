import type { Feature } from '../feature.ts';
import { archiveAdminRoutes } from './archive.routes.ts';
import { decisionsAdminRoutes } from './decisions.routes.ts';
import { exportAdminRoutes } from './export.routes.ts';
import { groupMessagesAdminRoutes } from './group-messages.routes.ts';
import { reviewAdminRoutes } from './review.routes.ts';

export const reviewFeature: Feature = {
  name: 'review',
  routes: {
    admin: [
      reviewAdminRoutes,
      decisionsAdminRoutes,
      exportAdminRoutes,
      archiveAdminRoutes,
      groupMessagesAdminRoutes,
    ],
  },
};
