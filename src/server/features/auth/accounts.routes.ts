import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminUserSchema,
  ChangePasswordSchema,
  NewAdminSchema,
} from '../../../shared/schemas/auth.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import {
  createAdmin,
  listAdmins,
  removeAdmin,
  requireCurrentPassword,
  setPassword,
} from './accounts.ts';
import { presentedDeviceId } from './known-devices.ts';

export function registerAccountRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  api.post(
    '/api/admin/account/password',
    {
      schema: {
        summary: 'Changes the signed-in admin’s password; their other sessions end',
        body: ChangePasswordSchema,
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const { currentPassword } = request.body;
      await requireCurrentPassword(db, admin, currentPassword, request.ip, 'currentPassword');
      await setPassword(db, admin.username, request.body.newPassword, {
        keepSessionId: admin.sessionId,
        keepDeviceId: presentedDeviceId(request),
        actor: { adminUserId: admin.adminUserId, username: admin.username },
        action: 'account.password-change',
      });
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/admin/users',
    { schema: { summary: 'Every admin account', response: { 200: z.array(AdminUserSchema) } } },
    async () => listAdmins(db),
  );

  api.post(
    '/api/admin/users',
    { schema: { summary: 'Adds an admin', body: NewAdminSchema } },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const created = await createAdmin(db, request.body.username, request.body.password, {
        adminUserId: admin.adminUserId,
        username: admin.username,
      });
      return reply.status(201).send(created);
    },
  );

  api.delete(
    '/api/admin/users/:id',
    {
      schema: {
        summary: 'Removes an admin; the last one cannot be',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => {
      await removeAdmin(app.deps.database, request.params.id, requireAdmin(request));
      return reply.status(204).send();
    },
  );
}
