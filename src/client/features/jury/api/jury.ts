import { juryApiPaths } from '../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { JurorRoundSchema, type ScoreSheet, WorkSchema } from '../../../../shared/schemas/jury.ts';
import { type ApiError, apiFetch } from '../../../lib/api-client.ts';
import { send } from '../../admin/common/admin-requests.ts';

/* The juror's calls (/api/jury): their rounds, one work at a time, their own score sheet. */

const juryKey = ['jury'] as const;
const workPath = juryApiPaths.work;

/** The rounds the juror sits on, with how far they are. */
export const roundsQuery = () =>
  queryOptions({
    queryKey: [...juryKey, 'rounds'],
    queryFn: () => apiFetch(juryApiPaths.rounds, {}, z.array(JurorRoundSchema)),
  });

/** One assigned work: its answers, images, the criteria and the juror's own sheet. */
export const workQuery = (roundId: string, alias: string) =>
  queryOptions({
    queryKey: [...juryKey, 'work', roundId, alias],
    queryFn: () => apiFetch(workPath(roundId, alias), {}, WorkSchema),
  });

/** The whole sheet, every time: sending the same one twice is the same as once (a retry is safe). */
export const saveScores = (roundId: string, alias: string, sheet: ScoreSheet) =>
  apiFetch(`${workPath(roundId, alias)}/scores`, send('PUT', sheet), WorkSchema);

const ConflictAnswerSchema = z.object({ nextAlias: z.string().nullable() });

/** The juror cannot judge this work: it passes to another juror; the answer names the next work. */
export const declareConflict = (roundId: string, alias: string, reason: string) =>
  apiFetch(`${workPath(roundId, alias)}/conflict`, send('POST', { reason }), ConflictAnswerSchema);

/** The original of an image the work's answer names (its display copy), for zooming in. */
export const fullSizeUrl = (url: string) => `${url}${url.includes('?') ? '&' : '?'}size=full`;

/** How many times a failed save is sent again before the juror is told. */
export const SAVE_RETRIES = 3;

/**
 * Only a failure the server may not have seen, or could not finish, is worth sending again: no
 * answer at all (status 0) or a 5xx. A 4xx says the sheet itself is refused; sending it again
 * would be refused again.
 */
export function isWorthRetrying(failureCount: number, error: ApiError): boolean {
  return failureCount < SAVE_RETRIES && (error.status === 0 || error.status >= 500);
}

/** 1 s, 2 s, 4 s between tries: a weak connection gets time to come back. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 8000);
