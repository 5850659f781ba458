import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '../../../shared/schemas/error.ts';
import {
  AcceptInvitationSchema,
  InvitationSchema,
  JurorInviteSchema,
  JurorSchema,
} from '../../../shared/schemas/jury.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { signInBrowser } from '../auth/auth.service.ts';
import { createJuror, listJurors, reinviteJuror, removeJuror } from './jurors.service.ts';
import { acceptInvitation, viewInvitation } from './invitations.service.ts';

const JurorIdSchema = z.object({ id: z.string().min(1).max(64) });

/** Admin scope (/api/admin): the jurors, their invitations, their removal. */
export const jurorsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/jurors',
    { schema: { summary: 'Every juror, by name', response: { 200: z.array(JurorSchema) } } },
    async () => listJurors(deps),
  );

  api.post(
    '/jurors',
    {
      schema: {
        summary: 'Adds a juror and e-mails them an invitation to choose a password',
        body: JurorInviteSchema,
        response: { 201: JurorSchema, 400: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const juror = await createJuror(deps, request.body, requireAdmin(request));
      return reply.status(201).send(juror);
    },
  );

  api.post(
    '/jurors/:id/invitation',
    {
      schema: {
        summary: 'Sends a juror a new invitation; their earlier links stop working',
        params: JurorIdSchema,
        response: { 200: JurorSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema },
      },
    },
    async (request) => reinviteJuror(deps, request.params.id, requireAdmin(request)),
  );

  api.delete(
    '/jurors/:id',
    {
      schema: {
        summary: 'Removes a juror’s account',
        params: JurorIdSchema,
        response: { 204: z.null(), 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await removeJuror(deps, request.params.id, requireAdmin(request));
      return reply.status(204).send(null);
    },
  );
};

/**
 * Public scope (/api): the juror's invitation link, opened and accepted. Limited per address, and
 * every invitation that cannot be used answers alike: 410 INVITATION_INVALID.
 */
export const jurorInvitationsPublicRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A POST with the token in its body: a path would put the live token in the request log.
  api.post(
    '/juror-invitations/lookup',
    {
      schema: {
        summary: 'Whom an unused invitation link is for',
        body: z.object({ token: z.string().max(200) }),
        response: { 200: InvitationSchema, 410: ErrorEnvelopeSchema, 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const invitation = await viewInvitation(deps, request.body.token, request.ip);
      reply.header('cache-control', 'private, no-store');
      return invitation;
    },
  );

  api.post(
    '/juror-invitations/accept',
    {
      schema: {
        summary:
          'Sets the juror’s password from their invitation, once, and signs them in (this browser becomes a known device)',
        body: AcceptInvitationSchema,
        response: {
          204: z.null(),
          400: ErrorEnvelopeSchema,
          410: ErrorEnvelopeSchema,
          429: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const juror = await acceptInvitation(deps, request.body, request.ip);
      // Signed in by the password just chosen: no second sign-in, and a known device from now on.
      await signInBrowser(deps.db, juror, request, reply, {
        security: (await deps.settings.getSettings()).security,
        now: deps.clock.now(),
        via: 'invitation',
      });
      return reply.status(204).header('cache-control', 'no-store').send(null);
    },
  );
};
