import { publicApiPaths } from '../../../../shared/api-paths.ts';
import { InvitationSchema } from '../../../../shared/schemas/jury.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/* The invitation link's page: no session; the token comes from the link's '#' part. */

const INVITATIONS = publicApiPaths.jurorInvitations;

/**
 * Whom the link is for; 410 when it is used, expired or unknown. A POST with the token in its
 * body: in a path, the live token would be written to the request log.
 */
export const fetchInvitation = (token: string) =>
  apiFetch(
    `${INVITATIONS}/lookup`,
    { method: 'POST', body: JSON.stringify({ token }) },
    InvitationSchema,
  );

/** Sets the juror's password, once (204). */
export const acceptInvitation = (token: string, password: string) =>
  apiFetch<undefined>(`${INVITATIONS}/accept`, {
    method: 'POST',
    body: JSON.stringify({ token, password }),
  });
