import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ARTIST_SIGN_IN_MESSAGES,
  ArtistSessionSchema,
  ArtistSignInRequestAnswerSchema,
  ArtistSignInRequestSchema,
  ArtistSignInSchema,
} from '../../../shared/schemas/artist.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import type { FeaturePlugin } from '../../deps.ts';
import {
  artistCookieName,
  artistCookieOptions,
  artistToken,
  requireArtist,
} from '../../plugins/artist-guard.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { ARTIST_ABSOLUTE_MS, endArtistSession } from './artist-sessions.ts';
import { requestArtistSignIn, signInArtist } from './sign-in.ts';

/** Public scope (/api): an artist asks for a sign-in e-mail, and signs in with it. */
export const artistSignInPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/artist/sign-in/requests',
    {
      schema: {
        summary:
          'E-mails a one-time sign-in link and code to an address that made an entry (the same answer whatever the address)',
        body: ArtistSignInRequestSchema,
        response: {
          202: ArtistSignInRequestAnswerSchema,
          400: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await requestArtistSignIn(deps, request.body.email, request.ip);
      return reply.status(202).send({ message: ARTIST_SIGN_IN_MESSAGES.sent });
    },
  );

  api.post(
    '/artist/sign-in',
    {
      schema: {
        summary:
          "Signs an artist in by the e-mailed code with the address, or the link's token; sets the artist's session cookie",
        body: ArtistSignInSchema,
        response: {
          200: ArtistSessionSchema,
          400: ErrorEnvelopeSchema,
          401: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { token, email } = await signInArtist(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      // A new session id at every sign-in; the one the browser had (if any) ends.
      await endArtistSession(deps.db, artistToken(request));
      reply.setCookie(artistCookieName(request), token, {
        ...artistCookieOptions(request),
        maxAge: ARTIST_ABSOLUTE_MS / 1000,
      });
      return reply.header('cache-control', 'no-store').send({ email });
    },
  );
};

/** Artist scope (/api/me): who is signed in, and signing out. */
export const artistSessionRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/',
    {
      schema: {
        summary: 'The signed-in artist',
        response: { 200: ArtistSessionSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request) => ({ email: requireArtist(request).email }),
  );

  api.post(
    '/sign-out',
    { schema: { summary: "Ends the artist's session and clears its cookie" } },
    async (request, reply) => {
      const artist = requireArtist(request);
      const now = deps.clock.now();
      await endArtistSession(deps.db, artistToken(request));
      await recordAudit(
        deps.db,
        {
          adminUserId: null,
          actor: 'artist',
          action: 'artist.sign-out',
          entityType: 'artist',
          entityId: artist.artistId,
        },
        now,
      );
      reply.clearCookie(artistCookieName(request), artistCookieOptions(request));
      return reply.status(204).send();
    },
  );
};
