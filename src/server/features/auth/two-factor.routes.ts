import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PasswordConfirmationSchema,
  RecoveryCodesSchema,
  TwoFactorEnableSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '../../../shared/schemas/auth.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { requireAdmin } from '../../plugins/admin-guard.ts';
import { requireCurrentPassword } from './accounts.service.ts';
import { presentedDeviceId } from './known-devices.ts';
import {
  beginTwoFactorSetup,
  enableTwoFactor,
  renewRecoveryCodes,
  turnOffTwoFactor,
  twoFactorStatus,
} from './two-factor.ts';

/**
 * Admin scope (/api/admin): the signed-in admin's own two-factor sign-in. The scope's guard lets
 * these routes through when the settings require two-factor and the admin has not turned it on.
 */
export const twoFactorAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const base = '/account/two-factor';
  const required = async () => (await deps.settings.getSettings()).security.requireTwoFactor;

  api.get(
    base,
    {
      schema: {
        summary: 'Whether two-factor is on, and how many recovery codes are left',
        response: { 200: TwoFactorStatusSchema },
      },
    },
    async (request) => twoFactorStatus(db, requireAdmin(request).adminUserId, await required()),
  );

  api.post(
    `${base}/setup`,
    {
      schema: {
        summary: 'A new secret and its QR code, to be confirmed by a first code',
        response: { 200: TwoFactorSetupSchema },
      },
    },
    async (request, reply) => {
      const setup = await beginTwoFactorSetup(db, requireAdmin(request), clock.now());
      return reply.header('cache-control', 'no-store').send(setup);
    },
  );

  api.post(
    `${base}/enable`,
    {
      schema: {
        summary:
          'Turns two-factor on with a first code (password required); returns the recovery codes once',
        body: TwoFactorEnableSchema,
        response: { 200: RecoveryCodesSchema },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const now = clock.now();
      await requireCurrentPassword(db, admin, request.body.password, request.ip, 'password', now);
      const recoveryCodes = await enableTwoFactor(
        db,
        admin,
        request.body.code,
        presentedDeviceId(request),
        now,
      );
      return reply.header('cache-control', 'no-store').send({ recoveryCodes });
    },
  );

  api.post(
    `${base}/recovery-codes`,
    {
      schema: {
        summary: 'Ten new recovery codes (password required); the old ones stop working',
        body: PasswordConfirmationSchema,
        response: { 200: RecoveryCodesSchema },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const now = clock.now();
      await requireCurrentPassword(db, admin, request.body.password, request.ip, 'password', now);
      const recoveryCodes = await renewRecoveryCodes(db, admin, now);
      return reply.header('cache-control', 'no-store').send({ recoveryCodes });
    },
  );

  api.post(
    `${base}/disable`,
    {
      schema: {
        summary: 'Turns two-factor off (password required), unless the settings require it',
        body: PasswordConfirmationSchema,
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      if (await required()) {
        throw new AppError(
          409,
          'TWO_FACTOR_REQUIRED_BY_SETTING',
          'Two-factor is required for every admin, so it cannot be turned off.',
        );
      }
      const now = clock.now();
      await requireCurrentPassword(db, admin, request.body.password, request.ip, 'password', now);
      await turnOffTwoFactor(db, admin.username, admin, {
        endSessions: false,
        action: 'account.two-factor-disable',
        keepDeviceId: presentedDeviceId(request),
        now,
      });
      return reply.status(204).send();
    },
  );
};
