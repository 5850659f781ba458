import type {
  ArtistSession,
  ArtistSignIn,
  MyDetails,
  MyEntries,
} from '../../../shared/schemas/artist.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { forgetArtist, rememberArtist } from './artist-session-api.ts';

export { forgetArtist, mayBeArtist, rememberArtist } from './artist-session-api.ts';

/* The artist's calls: the sign-in (public) and their own scope, /api/me (their session's cookie). */

const ME = '/api/me';

/** Asks for a sign-in e-mail: the answer is the same whether or not the address has entries. */
export const requestSignIn = (email: string) =>
  apiFetch<{ message: string }>('/api/artist/sign-in/requests', {
    method: 'POST',
    body: JSON.stringify({ email }),
  });

/** Signs in with the e-mailed code (and its address) or the link's token. */
export async function signIn(proof: ArtistSignIn): Promise<ArtistSession> {
  const session = await apiFetch<ArtistSession>('/api/artist/sign-in', {
    method: 'POST',
    body: JSON.stringify(proof),
  });
  rememberArtist();
  return session;
}

/** Who is signed in; a 401 when nobody is. */
export async function currentArtist(): Promise<ArtistSession> {
  try {
    const session = await apiFetch<ArtistSession>(ME);
    rememberArtist();
    return session;
  } catch (error) {
    forgetArtist();
    throw error;
  }
}

export async function signOut(): Promise<void> {
  await apiFetch<void>(`${ME}/sign-out`, { method: 'POST' });
  forgetArtist();
}

export const listMyEntries = () => apiFetch<MyEntries>(`${ME}/entries`);

export const myDetails = () => apiFetch<MyDetails>(`${ME}/details`);

/** What an edit changes: only the answers and titles that differ from the entry's. */
export interface EntryChanges {
  details: { label: string; value: string }[];
  works: { number: number; title: string }[];
}

/** A work's picture replaced: the file the artist chose for one of the work's files. */
export interface ReplacedImage {
  workNumber: number;
  fileId: string;
  file: Blob;
}

/**
 * The part a replaced picture is sent in, as the registration names a work's picture
 * (`works.<n>.fieldValues.<id>`, n from 0).
 */
export const replacedImagePart = (image: Pick<ReplacedImage, 'workNumber' | 'fileId'>) =>
  `works.${image.workNumber - 1}.fieldValues.${image.fileId}`;

/**
 * The changes, as JSON; with replaced pictures, as multipart: the JSON in `data` first, then each
 * picture in its part.
 */
export function saveEntryChanges(
  id: string,
  changes: EntryChanges,
  images: readonly ReplacedImage[] = [],
): Promise<unknown> {
  const path = `${ME}/entries/${encodeURIComponent(id)}`;
  if (images.length === 0) {
    return apiFetch<unknown>(path, { method: 'PATCH', body: JSON.stringify(changes) });
  }
  const body = new FormData();
  body.append('data', JSON.stringify(changes));
  for (const image of images) {
    const name = replacedImagePart(image);
    body.append(name, image.file, `${name}.${image.file.type === 'image/png' ? 'png' : 'jpg'}`);
  }
  return apiFetch<unknown>(path, { method: 'PATCH', body });
}

export const withdrawMyEntry = (id: string) =>
  apiFetch<unknown>(`${ME}/entries/${encodeURIComponent(id)}/withdraw`, { method: 'POST' });
