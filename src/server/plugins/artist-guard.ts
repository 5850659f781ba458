import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { envelope, signInRequired } from '../errors.ts';
import { type ArtistSessionUser, findArtistSession } from '../features/artists/artists.service.ts';
import { sessionCookie } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in artist; set for every /api/me/* request that reaches its handler. */
    artist: ArtistSessionUser | null;
  }
}

/*
 * The artist's scope (/api/me) has a cookie of its own, read only here, and its sessions a table
 * of their own: an admin's or a juror's session is never an artist's, and an artist's cookie is
 * not read by the other guards (admin-guard.ts), so it passes none of them.
 */

const ARTIST_COOKIE = sessionCookie('ws_artist');
export const artistCookieName = ARTIST_COOKIE.name;
export const artistCookieOptions = ARTIST_COOKIE.options;
export const artistToken = ARTIST_COOKIE.read;

/** The artist scope's guard: a live artist session for every route registered in the scope. */
export function guardArtistSession(deps: Pick<Deps, 'db' | 'clock'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const artist = await findArtistSession(deps.db, artistToken(request), deps.clock.now());
    if (!artist) {
      return reply.status(401).send(envelope('UNAUTHENTICATED', 'Please sign in.'));
    }
    request.artist = artist;
  };
}

/** The signed-in artist of an /api/me/* request; the guard has already refused anyone else. */
export function requireArtist(request: FastifyRequest): ArtistSessionUser {
  if (!request.artist) throw signInRequired();
  return request.artist;
}
