import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import {
  IdentityCheckSchema,
  type RedactionInput,
} from '../../../../../shared/schemas/jury-redaction.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The identity check before judging, and the jury's redacted copies of answers. */

const judgingPath = (competitionId: string) =>
  adminApiPaths.competitionPart(competitionId, 'judging');

/** One answer's redaction: of work `work` for a field each work answers (null: asked once). */
const redactionPath = ({ competitionId, entryId, fieldId, work }: AnswerKey) =>
  `${judgingPath(competitionId)}/redactions/${encodeURIComponent(entryId)}/${encodeURIComponent(fieldId)}${work === null ? '' : `?work=${work}`}`;

export const identityCheckQuery = (competitionId: string) =>
  queryOptions({
    queryKey: ['admin', 'judging', competitionId, 'identity-check'],
    queryFn: () =>
      apiFetch(`${judgingPath(competitionId)}/identity-check`, {}, IdentityCheckSchema),
  });

export interface AnswerKey {
  competitionId: string;
  entryId: string;
  fieldId: string;
  work: number | null;
}

/** Saves the jury's copy of one answer; answers the whole check as it now is. */
export const saveRedaction = ({ text, ...key }: AnswerKey & RedactionInput) =>
  apiFetch(redactionPath(key), send('PUT', { text }), IdentityCheckSchema);

/** Gives jurors the artist's own answer again (refused once a round has opened). */
export const removeRedaction = (key: AnswerKey) =>
  apiFetch(redactionPath(key), send('DELETE'), IdentityCheckSchema);
