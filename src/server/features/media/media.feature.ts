import type { Feature } from '../feature.ts';
import { imageUploadsAdminRoutes } from './image-uploads.routes.ts';
import { privateFilesAdminRoutes } from './private-files.routes.ts';
import { publicMediaRoutes } from './public-media.routes.ts';
import { createUnclaimedFilesSweeper } from './unclaimed-files.ts';

export const mediaFeature: Feature = {
  name: 'media',
  routes: { admin: [imageUploadsAdminRoutes, privateFilesAdminRoutes], root: [publicMediaRoutes] },
  workers: [
    // Built with deps: registration wakes it after a commit that queued a picture.
    (deps) => deps.imageJobs,
    (deps) => createUnclaimedFilesSweeper(deps),
  ],
};
