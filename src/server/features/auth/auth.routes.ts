import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminSessionSchema,
  SignInCodeRequestedSchema,
  SignInCodeRequestSchema,
  SignInSchema,
} from '../../../shared/schemas/auth.ts';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { signInRequired } from '../../errors.ts';
import {
  sessionCookieName,
  sessionCookieOptions,
  sessionToken,
} from '../../plugins/admin-guard.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { presentedDeviceId, setDeviceCookie } from './known-devices.ts';
import { absoluteMs, describeSession, endSession, findSessionUser } from './sessions.ts';
import { decoyPasswordHash, signIn } from './sign-in.ts';
import { requestSignInCode, SIGN_IN_CODE_REQUESTED } from './sign-in-codes.ts';

/** Public scope (/api): signing in and out, and the session's admin. */
export const authPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const security = async () => (await deps.settings.getSettings()).security;
  // Made now, not by the first unknown username, whose answer would otherwise take twice as long.
  void decoyPasswordHash();

  api.post(
    '/auth/login',
    {
      schema: {
        summary:
          'Signs an admin in (username and password, then the two-factor code when on); sets the session cookie',
        body: SignInSchema,
        description:
          'While failures from elsewhere lock the account on new browsers (429), the password with `emailCode` (asked for at /auth/sign-in-code) signs in.',
        response: { 200: AdminSessionSchema, 401: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const rules = await security();
      const { token, deviceToken, session } = await signIn(
        db,
        {
          ...request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          deviceId: presentedDeviceId(request),
        },
        rules,
        clock.now(),
      );
      // A new session id at every sign-in; the one the browser had (if any) ends.
      await endSession(db, sessionToken(request));
      reply.setCookie(sessionCookieName(request), token, {
        ...sessionCookieOptions(request),
        maxAge: absoluteMs(rules) / 1000,
      });
      setDeviceCookie(request, reply, deviceToken);
      return reply.header('cache-control', 'no-store').send(session);
    },
  );

  api.post(
    '/auth/sign-in-code',
    {
      schema: {
        summary:
          'E-mails a one-time sign-in code to an account locked on new browsers (the same answer whatever the account)',
        body: SignInCodeRequestSchema,
        response: {
          202: SignInCodeRequestedSchema,
          400: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      await requestSignInCode(deps, request.body.username, request.ip);
      return reply.status(202).send({ message: SIGN_IN_CODE_REQUESTED });
    },
  );

  api.post(
    '/auth/logout',
    { schema: { summary: 'Ends the session on the server and clears its cookie' } },
    async (request, reply) => {
      const token = sessionToken(request);
      const now = clock.now();
      const admin = await findSessionUser(db, token, await security(), now);
      await endSession(db, token);
      if (admin) {
        await recordAudit(
          db,
          { adminUserId: admin.adminUserId, actor: admin.username, action: 'auth.sign-out' },
          now,
        );
      }
      reply.clearCookie(sessionCookieName(request), sessionCookieOptions(request));
      return reply.status(204).send();
    },
  );

  api.get(
    '/auth/session',
    {
      schema: {
        summary: 'The signed-in admin, or 401',
        response: { 200: AdminSessionSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const rules = await security();
      const admin = await findSessionUser(db, sessionToken(request), rules, clock.now());
      if (!admin) throw signInRequired();
      return reply.header('cache-control', 'no-store').send(describeSession(admin, rules));
    },
  );
};
