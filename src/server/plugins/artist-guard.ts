import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { envelope, signInRequired } from '../errors.ts';
import { type ArtistSessionUser, findArtistSession } from '../features/artists/artists.service.ts';

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

const PLAIN_COOKIE = 'ws_artist';
/** Behind HTTPS the cookie takes the __Host- prefix: Secure, Path=/, no Domain, by the browser's rule. */
const HOST_COOKIE = '__Host-ws_artist';

export function artistCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? HOST_COOKIE : PLAIN_COOKIE;
}

/** One set of cookie options for setting and clearing: a __Host- cookie needs Secure for both. */
export function artistCookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
  } as const;
}

export function artistToken(request: FastifyRequest): string | undefined {
  return request.cookies[artistCookieName(request)];
}

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
