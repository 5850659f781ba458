import { queryOptions } from '@tanstack/react-query';
import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import {
  AdminErasureRequestSchema,
  AdminErasureRequestsSchema,
} from '../../../../../shared/schemas/personal-data.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The Erasure requests screen's calls. */

/** Every request: those waiting first, the soonest due first. */
export const erasureRequestsQuery = queryOptions({
  queryKey: ['admin', 'erasure-requests'],
  queryFn: () => apiFetch(adminApiPaths.erasureRequests, {}, AdminErasureRequestsSchema),
});

/** Completes one: the artist's open entries withdrawn, the rest anonymised, files deleted. */
export const completeErasure = (id: string) =>
  apiFetch(adminApiPaths.erasureCompletion(id), send('POST'), AdminErasureRequestSchema);
