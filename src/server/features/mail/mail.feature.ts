import type { Feature } from '../feature.ts';
import { emailTemplatesAdminRoutes } from './email-templates.routes.ts';
import { outboxAdminRoutes } from './outbox.routes.ts';

export const mailFeature: Feature = {
  name: 'mail',
  routes: { admin: [outboxAdminRoutes, emailTemplatesAdminRoutes] },
  // Built with deps: payments and registration wake it after a commit that queued a message.
  workers: [(deps) => deps.outbox],
};
