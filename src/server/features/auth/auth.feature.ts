import type { Feature } from '../feature.ts';
import { accountsAdminRoutes } from './accounts.routes.ts';
import { authPublicRoutes } from './auth.routes.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

export const authFeature: Feature = {
  name: 'auth',
  routes: {
    public: [authPublicRoutes],
    // Admins and jurors set up their own two-factor, each behind their own scope's guard.
    admin: [accountsAdminRoutes, twoFactorRoutes],
    jury: [twoFactorRoutes],
  },
};
