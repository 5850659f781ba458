import { authApiPaths } from '../../../../../shared/api-paths.ts';
import type { AdminSession } from '../../../../../shared/schemas/auth.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../admin-requests.ts';

/*
 * Who is signed in: asked, granted at sign-in, ended at logout. The sign-in page needs these
 * before the admin area's code, so zod stays out of this module's download: the answer is checked
 * against its schema, imported then, only where answers are checked at all (development and
 * tests, as apiFetch does); a production build, which trusts the server, drops that branch.
 */
async function checked(answer: Promise<AdminSession>): Promise<AdminSession> {
  const session = await answer;
  if (!import.meta.env.PROD) {
    const { AdminSessionSchema } = await import('../../../../../shared/schemas/auth.ts');
    AdminSessionSchema.parse(session);
  }
  return session;
}

/** The signed-in admin, as the server says (a 401 when nobody is). */
export const fetchSession = () => checked(apiFetch<AdminSession>(authApiPaths.session));

/** The password, and the second factor's code once the server asked for it. */
export const signIn = (credentials: {
  username: string;
  password: string;
  code?: string;
  emailCode?: string;
}) => checked(apiFetch<AdminSession>(authApiPaths.login, send('POST', credentials)));

/** Asks for a one-time code e-mailed to an account locked on new browsers. */
export const requestSignInCode = (username: string) =>
  apiFetch(authApiPaths.signInCode, send('POST', { username }));

export const signOut = () => apiFetch(authApiPaths.logout, send('POST'));
