import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountEmailSchema,
  AccountSchema,
  AdminUserSchema,
  ChangePasswordSchema,
  NewAdminSchema,
} from '../../../shared/schemas/auth.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import {
  createAdmin,
  listAdmins,
  removeAdmin,
  requireCurrentPassword,
  setPassword,
} from './accounts.service.ts';
import { presentedDeviceId } from './known-devices.ts';
import { accountOf, setAccountEmail } from './account-email.ts';

/** Admin scope (/api/admin): the admin's own password, and the admin accounts. */
export const accountsAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;

  api.post(
    '/account/password',
    {
      schema: {
        summary: 'Changes the signed-in admin’s password; their other sessions end',
        body: ChangePasswordSchema,
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const { currentPassword } = request.body;
      const now = clock.now();
      await requireCurrentPassword(db, admin, currentPassword, request.ip, 'currentPassword', now);
      await setPassword(db, admin.username, request.body.newPassword, {
        keepSessionId: admin.sessionId,
        keepDeviceId: presentedDeviceId(request),
        actor: { adminUserId: admin.adminUserId, username: admin.username },
        action: 'account.password-change',
        now,
      });
      return reply.status(204).send();
    },
  );

  api.get(
    '/account',
    {
      schema: {
        summary: 'The signed-in admin’s own account: their e-mail address, or null',
        response: { 200: AccountSchema },
      },
    },
    async (request) => accountOf(db, requireAdmin(request).adminUserId),
  );

  api.put(
    '/account/email',
    {
      schema: {
        summary:
          'Sets the signed-in admin’s e-mail address, where a code goes when the account is locked on new browsers',
        body: AccountEmailSchema,
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const now = clock.now();
      await requireCurrentPassword(db, admin, request.body.password, request.ip, 'password', now);
      const account = { id: admin.adminUserId, username: admin.username };
      await setAccountEmail(db, account, request.body.email, admin, {
        action: 'account.email-change',
        now,
      });
      return reply.status(204).send();
    },
  );

  api.get(
    '/users',
    { schema: { summary: 'Every admin account', response: { 200: z.array(AdminUserSchema) } } },
    async () => listAdmins(db),
  );

  api.post(
    '/users',
    { schema: { summary: 'Adds an admin', body: NewAdminSchema } },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const created = await createAdmin(
        db,
        request.body.username,
        request.body.password,
        { adminUserId: admin.adminUserId, username: admin.username },
        clock.now(),
      );
      return reply.status(201).send(created);
    },
  );

  api.delete(
    '/users/:id',
    {
      schema: {
        summary: 'Removes an admin; the last one cannot be',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => {
      await removeAdmin(db, request.params.id, requireAdmin(request), clock.now());
      return reply.status(204).send();
    },
  );
};
