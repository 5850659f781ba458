import type { Feature } from '../feature.ts';
import { createReminderJob } from './reminder-round.ts';
import { unsubscribeRootRoutes } from './unsubscribe.routes.ts';

export const remindersFeature: Feature = {
  name: 'reminders',
  routes: { root: [unsubscribeRootRoutes] },
  workers: [(deps) => createReminderJob(deps)],
};
