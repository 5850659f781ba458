import type { Feature } from '../feature.ts';
import { artistSessionRoutes, artistSignInPublicRoutes } from './artists.routes.ts';

export const artistsFeature: Feature = {
  name: 'artists',
  routes: {
    public: [artistSignInPublicRoutes],
    // The /api/me scope's own: the other features' artist routes join it.
    artist: [artistSessionRoutes],
  },
};
