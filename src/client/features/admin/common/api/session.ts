import { AdminSessionSchema } from '../../../../../shared/schemas/auth.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../admin-requests.ts';

/* Who is signed in: asked, granted at sign-in, ended at logout. */

/** The signed-in admin, as the server says (a 401 when nobody is). */
export const fetchSession = () => apiFetch('/api/auth/session', {}, AdminSessionSchema);

/** The password, and the second factor's code once the server asked for it. */
export const signIn = (credentials: { username: string; password: string; code?: string }) =>
  apiFetch('/api/auth/login', send('POST', credentials), AdminSessionSchema);

export const signOut = () => apiFetch('/api/auth/logout', send('POST'));
