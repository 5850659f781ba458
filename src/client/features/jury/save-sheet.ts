import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Criterion } from '../../../shared/schemas/jury.ts';
import { ApiError } from '../../lib/api-client.ts';
import { isWorthRetrying, retryDelay, saveScores, workQuery } from './api/jury.ts';
import type { Sheet } from './use-score-sheet.ts';

/** The server's message for a required criterion left out, said before asking it. */
export const SCORE_THIS = 'Score this criterion';

/** Field messages by criterion id, and 'comment'. */
export type SheetErrors = Record<string, string>;

/** The required criteria the sheet leaves out. */
export function missingScores(criteria: Criterion[], scores: Sheet['scores']): SheetErrors {
  return Object.fromEntries(
    criteria.filter((c) => c.required && scores[c.id] === undefined).map((c) => [c.id, SCORE_THIS]),
  );
}

/** A refused sheet's field messages ('scores.<criterionId>', 'comment'), by criterion id. */
export function sheetErrorsOf(error: unknown): SheetErrors {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([field, message]) => [
      field.replace(/^scores\./, ''),
      message,
    ]),
  );
}

/**
 * Saving a work's sheet. On a weak connection the same whole sheet is sent again (up to three
 * more times, waiting longer each time): the server keeps a sheet sent twice as if sent once.
 * The saved work becomes the page's data.
 */
export function useSaveSheet(roundId: string, alias: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sheet: Sheet) => saveScores(roundId, alias, sheet),
    retry: isWorthRetrying,
    retryDelay,
    onSuccess: (work) => queryClient.setQueryData(workQuery(roundId, alias).queryKey, work),
  });
}
