import { publicApiPaths } from '../../../../shared/api-paths.ts';
import type { StaticPage } from '../../../../shared/schemas/page.ts';
import { useApiResource } from '../../../lib/api-cache.ts';

/** One of the site's text pages, drawn from its Markdown. */
export const useStaticPage = (slug: string) =>
  useApiResource<StaticPage>(publicApiPaths.page(slug));
