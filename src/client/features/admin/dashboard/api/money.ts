import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { DashboardMoneySchema } from '../../../../../shared/schemas/dashboard-money.ts';
import { apiFetch } from '../../../../lib/api-client.ts';

/** Per competition: entries per day against the closing date, and gross, refunds and net. */
export const dashboardMoneyQuery = queryOptions({
  queryKey: ['admin', 'dashboard', 'money'],
  queryFn: () => apiFetch(adminApiPaths.dashboardMoney, {}, DashboardMoneySchema),
});

/** The same figures as CSV, a row per competition per day (a download, not a query). */
export const DASHBOARD_MONEY_CSV = adminApiPaths.dashboardMoneyCsv;
