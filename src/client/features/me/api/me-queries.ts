import { queryOptions } from '@tanstack/react-query';
import { artistApiPaths } from '../../../../shared/api-paths.ts';
import type { ErasureRequest, MyErasure } from '../../../../shared/schemas/personal-data.ts';
import type { ArtistSession } from '../../../../shared/schemas/artist.ts';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { currentArtist, listMyEntries } from '../me-api.ts';

/*
 * The me pages' reads as TanStack Query options, in the tab's one cache (lib/api-cache.ts), and
 * their writes. Every key starts with ME_KEY, so signing out forgets all of it at once.
 */

export const ME_KEY = ['me'] as const;

/** Who is signed in; null when nobody is (the server's 401). */
export const artistSessionQuery = queryOptions({
  queryKey: [...ME_KEY, 'session'],
  queryFn: (): Promise<ArtistSession | null> =>
    currentArtist().catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }),
});

export const myEntriesQuery = queryOptions({
  queryKey: [...ME_KEY, 'entries'],
  queryFn: listMyEntries,
});

/** The artist's erasure request waiting, if any. */
export const myErasureQuery = queryOptions({
  queryKey: [...ME_KEY, 'erasure'],
  queryFn: () => apiFetch<MyErasure>(artistApiPaths.erasure),
});

/** Asks to be erased; asking again answers the request already waiting. */
export const requestErasure = () =>
  apiFetch<ErasureRequest>(artistApiPaths.erasure, { method: 'POST' });

/** The artist's data as one ZIP: the browser downloads it with their session's cookie. */
export const MY_DATA_URL = artistApiPaths.data;
