import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { DashboardSchema } from '../../../../../shared/schemas/admin.ts';
import { apiFetch } from '../../../../lib/api-client.ts';

/** The dashboard's numbers, lists and likely duplicates. */
export const dashboardQuery = queryOptions({
  queryKey: ['admin', 'dashboard'],
  queryFn: () => apiFetch(adminApiPaths.dashboard, {}, DashboardSchema),
});
