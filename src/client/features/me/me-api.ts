import type {
  ArtistSession,
  ArtistSignIn,
  MyDetails,
  MyEntries,
} from '../../../shared/schemas/artist.ts';
import { artistApiPaths, publicApiPaths } from '../../../shared/api-paths.ts';
import { DATA_PART } from '../../../shared/registration-request.ts';
import type { RegistrationForm } from '../../../shared/schemas/registration-form.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { forgetArtist, rememberArtist } from './artist-session-api.ts';

export { forgetArtist, mayBeArtist, rememberArtist } from './artist-session-api.ts';

/* The artist's calls: the sign-in (public) and their own scope, /api/me (their session's cookie). */

/** Asks for a sign-in e-mail: the answer is the same whether or not the address has entries. */
export const requestSignIn = (email: string) =>
  apiFetch<{ message: string }>(artistApiPaths.signInRequests, {
    method: 'POST',
    body: JSON.stringify({ email }),
  });

/** Signs in with the e-mailed code (and its address) or the link's token. */
export async function signIn(proof: ArtistSignIn): Promise<ArtistSession> {
  const session = await apiFetch<ArtistSession>(artistApiPaths.signIn, {
    method: 'POST',
    body: JSON.stringify(proof),
  });
  rememberArtist();
  return session;
}

/** Who is signed in; a 401 when nobody is. */
export async function currentArtist(): Promise<ArtistSession> {
  try {
    const session = await apiFetch<ArtistSession>(artistApiPaths.me);
    rememberArtist();
    return session;
  } catch (error) {
    forgetArtist();
    throw error;
  }
}

export async function signOut(): Promise<void> {
  await apiFetch<void>(artistApiPaths.signOut, { method: 'POST' });
  forgetArtist();
}

export const listMyEntries = () => apiFetch<MyEntries>(artistApiPaths.entries);

export const myDetails = () => apiFetch<MyDetails>(artistApiPaths.details);

/** The competition's registration form: its fields' ids and labels, to match the entry's answers. */
export const entryForm = (competitionId: string) =>
  apiFetch<RegistrationForm>(publicApiPaths.registrationForm(competitionId));

/** A picture to replace: the file chosen, and the part it goes in. */
export interface ReplacedImage {
  part: string;
  file: Blob;
}

/**
 * The change, as JSON; with new pictures, as multipart: the JSON in `data` first, then each
 * picture in its part. Answers 204.
 */
export function saveEntryChanges(
  id: string,
  change: Record<string, unknown>,
  images: readonly ReplacedImage[] = [],
): Promise<unknown> {
  const path = artistApiPaths.entry(id);
  if (images.length === 0) {
    return apiFetch<unknown>(path, { method: 'PATCH', body: JSON.stringify(change) });
  }
  const body = new FormData();
  body.append(DATA_PART, JSON.stringify(change));
  for (const { part, file } of images) {
    body.append(part, file, `${part}.${file.type === 'image/png' ? 'png' : 'jpg'}`);
  }
  return apiFetch<unknown>(path, { method: 'PATCH', body });
}

export const withdrawMyEntry = (id: string) =>
  apiFetch<unknown>(artistApiPaths.withdraw(id), { method: 'POST' });
