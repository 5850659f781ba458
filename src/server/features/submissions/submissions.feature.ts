import type { Feature } from '../feature.ts';
import { entriesPublicRoutes } from './entries.routes.ts';
import { myEntriesRoutes } from './my-entries.routes.ts';
import { myEntryChangesRoutes } from './my-entry-edit.routes.ts';
import { registrationPublicRoutes } from './registration.routes.ts';

export const submissionsFeature: Feature = {
  name: 'submissions',
  routes: {
    public: [registrationPublicRoutes, entriesPublicRoutes],
    artist: [myEntriesRoutes, myEntryChangesRoutes],
  },
};
