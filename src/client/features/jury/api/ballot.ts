import { juryApiPaths } from '../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { BallotSchema } from '../../../../shared/schemas/results.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { send } from '../../admin/common/admin-requests.ts';

/* A ranking round's ballot (/api/jury/rounds/:roundId/ballot): the juror's order of its works. */

const ballotPath = juryApiPaths.ballot;

/** The juror's works in their own order, and the ranking they saved ([] before a first save). */
export const ballotQuery = (roundId: string) =>
  queryOptions({
    queryKey: ['jury', 'ballot', roundId],
    queryFn: () => apiFetch(ballotPath(roundId), {}, BallotSchema),
  });

/** The whole ranking, best first, every time: sending it twice is the same as once. */
export const saveBallot = (roundId: string, ranking: string[]) =>
  apiFetch(ballotPath(roundId), send('PUT', { ranking }), BallotSchema);

/** A work's first image, shown small beside its alias. */
export const thumbnailUrl = (roundId: string, alias: string) =>
  juryApiPaths.workImage(roundId, alias, 1);
