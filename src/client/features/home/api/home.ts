import { publicApiPaths } from '../../../../shared/api-paths.ts';
import type { PublicBanner } from '../../../../shared/schemas/banner.ts';
import type { PublicCategory } from '../../../../shared/schemas/category.ts';
import type { PublicCompetition } from '../../../../shared/schemas/competition.ts';
import type { LatestResults } from '../../../../shared/schemas/publication.ts';
import { useApiResource } from '../../../lib/api-cache.ts';

/** What the home page shows, each answer on its own (the server inlines all four). */
export function useHomeData() {
  return {
    competitions: useApiResource<PublicCompetition[]>(publicApiPaths.competitions),
    categories: useApiResource<PublicCategory[]>(publicApiPaths.categories),
    banners: useApiResource<PublicBanner[]>(publicApiPaths.banners),
    latestResults: useApiResource<LatestResults>(publicApiPaths.latestResults),
  };
}
