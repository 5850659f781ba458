import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { type JurorInvite, JurorSchema } from '../../../../../shared/schemas/jury.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The jurors screen's calls; the judging set-up reads the same list for its panel. */

const JURORS_PATH = adminApiPaths.jurors;
const jurorPath = (id: string) => `${JURORS_PATH}/${encodeURIComponent(id)}`;

/** Every juror, by name, with their invitation's state. */
export const jurorsQuery = queryOptions({
  queryKey: ['admin', 'jurors'],
  queryFn: () => apiFetch(JURORS_PATH, {}, z.array(JurorSchema)),
});

/** Adds a juror and e-mails them an invitation; answers the new juror. */
export const inviteJuror = (invite: JurorInvite) =>
  apiFetch(JURORS_PATH, send('POST', invite), JurorSchema);

/** A new invitation link; the juror's earlier links stop working. */
export const reinviteJuror = (id: string) =>
  apiFetch(`${jurorPath(id)}/invitation`, send('POST'), JurorSchema);

export const removeJuror = (id: string) => apiFetch(jurorPath(id), send('DELETE'));
