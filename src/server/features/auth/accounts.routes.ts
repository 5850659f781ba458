import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminUserSchema,
  ChangePasswordSchema,
  NewAdminSchema,
} from '../../../shared/schemas/auth.ts';
import { AppError } from '../../errors.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { recordAudit } from '../audit/audit.ts';
import { createAdmin, requireCurrentPassword, setPassword } from './accounts.ts';

export function registerAccountRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

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
        actor: { adminUserId: admin.adminUserId, username: admin.username },
        action: 'account.password-change',
      });
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/admin/users',
    { schema: { summary: 'Every admin account', response: { 200: z.array(AdminUserSchema) } } },
    async () => {
      const rows = await db
        .selectFrom('admin_users')
        .select(['id', 'username', 'totp_enabled', 'created_at'])
        .orderBy('username')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        username: r.username,
        twoFactor: r.totp_enabled === 1,
        createdAt: r.created_at,
      }));
    },
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
      const admin = requireAdmin(request);
      await db.transaction().execute(async (trx) => {
        const target = await trx
          .selectFrom('admin_users')
          .select(['id', 'username'])
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        if (!target) throw new AppError(404, 'NOT_FOUND', 'No such admin');
        // Two admins removing each other at once must not leave none. PostgreSQL: lock every
        // account row until the transaction ends. SQLite already runs one write at a time.
        let accounts = trx.selectFrom('admin_users').select('id');
        if (app.database.engine === 'postgres') accounts = accounts.forUpdate();
        if ((await accounts.execute()).length <= 1) {
          throw new AppError(409, 'LAST_ADMIN', 'The last admin cannot be removed.');
        }
        await trx.deleteFrom('admin_users').where('id', '=', target.id).execute();
        await recordAudit(trx, {
          // An admin removing their own account: the row is gone, so only the name stays.
          adminUserId: target.id === admin.adminUserId ? null : admin.adminUserId,
          actor: admin.username,
          action: 'admin_user.delete',
          entityType: 'admin_user',
          entityId: target.id,
          details: { username: target.username },
        });
      });
      return reply.status(204).send();
    },
  );
}
