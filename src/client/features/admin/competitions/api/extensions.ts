import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ExtensionGrantedSchema,
  type ExtensionInput,
  ExtensionSchema,
} from '../../../../../shared/schemas/extension.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* A competition's per-artist extensions: the grants, and granting one more. */

const extensionsPath = (competitionId: string) =>
  adminApiPaths.competitionPart(competitionId, 'extensions');

/** The competition's grants, newest first, with how often each was used. */
export const extensionsQuery = (competitionId: string) =>
  queryOptions({
    queryKey: ['admin', 'competitions', competitionId, 'extensions'],
    queryFn: () => apiFetch(extensionsPath(competitionId), {}, z.array(ExtensionSchema)),
  });

/** Grants one; the answer carries the link, which the server never shows again. */
export const grantExtension = ({
  competitionId,
  input,
}: {
  competitionId: string;
  input: ExtensionInput;
}) => apiFetch(extensionsPath(competitionId), send('POST', input), ExtensionGrantedSchema);
