import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AwardSchema,
  type AwardsInput,
  ProposedAwardsSchema,
} from '../../../../../shared/schemas/results.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* A competition's awards: the saved list, saving a new one, and a proposal from the ranking. */

const awardsPath = (competitionId: string) =>
  adminApiPaths.competitionPart(competitionId, 'awards');

/** The awards, in display order. */
export const awardsQuery = (competitionId: string) =>
  queryOptions({
    queryKey: ['admin', 'awards', competitionId],
    queryFn: () => apiFetch(awardsPath(competitionId), {}, z.array(AwardSchema)),
  });

/** Replaces the list; answers it as saved. */
export const saveAwards = ({
  competitionId,
  awards,
}: {
  competitionId: string;
  awards: AwardsInput['awards'];
}) => apiFetch(awardsPath(competitionId), send('PUT', { awards }), z.array(AwardSchema));

/** Awards proposed from the last closed round (nothing saved); 409 before any has closed. */
export const proposeAwards = (competitionId: string) =>
  apiFetch(`${awardsPath(competitionId)}/proposal`, {}, ProposedAwardsSchema);
