import type { Feature } from '../feature.ts';
import { describePage, pageVariant, sharedPagePaths } from './page-data.ts';
import { pagesPublicRoutes } from './pages.routes.ts';

export const pagesFeature: Feature = {
  name: 'pages',
  routes: { public: [pagesPublicRoutes] },
  pages: (deps) => ({
    pageVariant: (pathname, query) => pageVariant(deps, pathname, query),
    describePage: (pathname, settings, variant) => describePage(deps, pathname, settings, variant),
    sharedPages: () => sharedPagePaths(deps),
  }),
};
