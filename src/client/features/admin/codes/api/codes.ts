import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import {
  AdminCodeListSchema,
  AdminCodeSchema,
  type CodeFormValues,
} from '../../../../../shared/schemas/codes.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The Codes screen's calls. */

/** Every code, newest first, each with its uses. */
export const codesQuery = queryOptions({
  queryKey: ['admin', 'codes'],
  queryFn: () => apiFetch(adminApiPaths.codes, {}, AdminCodeListSchema),
});

/** Adds a code; answers it as saved. */
export const createCode = (values: CodeFormValues) =>
  apiFetch(adminApiPaths.codes, send('POST', values), AdminCodeSchema);

/** Takes a code out of use; answers it with its uses. */
export const deactivateCode = (id: string) =>
  apiFetch(adminApiPaths.codeDeactivation(id), send('POST'), AdminCodeSchema);
