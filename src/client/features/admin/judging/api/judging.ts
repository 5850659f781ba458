import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import {
  ConflictAddedSchema,
  type JudgingInput,
  JudgingSchema,
} from '../../../../../shared/schemas/jury.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* A competition's judging set-up: criteria, panel, jurors per entry, declared conflicts. */

const judgingPath = (competitionId: string) =>
  adminApiPaths.competitionPart(competitionId, 'judging');

export const judgingQuery = (competitionId: string) =>
  queryOptions({
    queryKey: ['admin', 'judging', competitionId],
    queryFn: () => apiFetch(judgingPath(competitionId), {}, JudgingSchema),
  });

/** Replaces the set-up as a whole; answers it as saved. */
export const saveJudging = ({
  competitionId,
  values,
}: {
  competitionId: string;
  values: JudgingInput;
}) => apiFetch(judgingPath(competitionId), send('PUT', values), JudgingSchema);

/**
 * Declares that a juror may not judge an artist's entries; answers the set-up and the works it
 * took from the juror in open rounds.
 */
export const addConflict = ({
  competitionId,
  conflict,
}: {
  competitionId: string;
  conflict: { jurorId: string; email: string };
}) =>
  apiFetch(`${judgingPath(competitionId)}/conflicts`, send('POST', conflict), ConflictAddedSchema);

export const removeConflict = ({
  competitionId,
  conflictId,
}: {
  competitionId: string;
  conflictId: string;
}) =>
  apiFetch(
    `${judgingPath(competitionId)}/conflicts/${encodeURIComponent(conflictId)}`,
    send('DELETE'),
    JudgingSchema,
  );
