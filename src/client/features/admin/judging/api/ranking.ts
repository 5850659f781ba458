import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { RoundRankingSchema } from '../../../../../shared/schemas/results.ts';
import { apiFetch } from '../../../../lib/api-client.ts';

/** A ranking round's ballots combined by the Schulze method, with its tables and tie-breaks. */
export const rankingQuery = (competitionId: string, roundId: string) =>
  queryOptions({
    queryKey: ['admin', 'rounds', competitionId, roundId, 'ranking'],
    queryFn: () =>
      apiFetch(adminApiPaths.roundRanking(competitionId, roundId), {}, RoundRankingSchema),
  });
