import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { AuditLogPageSchema } from '../../../../../shared/schemas/admin.ts';
import { apiFetch } from '../../../../lib/api-client.ts';

/** One page of who changed what and when, newest first. */
export const auditLogQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', page],
    queryFn: () => apiFetch(adminApiPaths.auditLog(page), {}, AuditLogPageSchema),
  });
