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
import { requireAccount } from '../../plugins/admin-guard.ts';
import { requireCurrentPassword } from './accounts.service.ts';
import { presentedDeviceId } from './known-devices.ts';
import type { SessionUser } from './sessions.ts';
import {
  beginTwoFactorSetup,
  enableTwoFactor,
  renewRecoveryCodes,
  turnOffTwoFactor,
  twoFactorStatus,
} from './two-factor.ts';

/**
 * The signed-in account's own two-factor sign-in, registered in both signed-in scopes: the admin's
 * (/api/admin, whose guard lets these routes through when the settings require two-factor and the
 * admin has not turned it on) and the juror's (/api/jury). The setting that requires two-factor
 * is the admins' rule only: a juror may always turn it off.
 */
export const twoFactorRoutes: FeaturePlugin = async (app, { deps }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const base = '/account/two-factor';
  const required = async (account: SessionUser) =>
    account.role === 'admin' && (await deps.settings.getSettings()).security.requireTwoFactor;

  api.get(
    base,
    {
      schema: {
        summary: 'Whether two-factor is on, and how many recovery codes are left',
        response: { 200: TwoFactorStatusSchema },
      },
    },
    async (request) => {
      const account = requireAccount(request);
      return twoFactorStatus(db, account.adminUserId, await required(account));
    },
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
      const setup = await beginTwoFactorSetup(db, requireAccount(request), clock.now());
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
      const account = requireAccount(request);
      const now = clock.now();
      await requireCurrentPassword(db, account, request.body.password, request.ip, 'password', now);
      const recoveryCodes = await enableTwoFactor(
        db,
        account,
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
      const account = requireAccount(request);
      const now = clock.now();
      await requireCurrentPassword(db, account, request.body.password, request.ip, 'password', now);
      const recoveryCodes = await renewRecoveryCodes(db, account, now);
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
      const account = requireAccount(request);
      if (await required(account)) {
        throw new AppError(
          409,
          'TWO_FACTOR_REQUIRED_BY_SETTING',
          'Two-factor is required for every admin, so it cannot be turned off.',
        );
      }
      const now = clock.now();
      await requireCurrentPassword(db, account, request.body.password, request.ip, 'password', now);
      await turnOffTwoFactor(db, account.username, account, {
        endSessions: false,
        action: 'account.two-factor-disable',
        keepDeviceId: presentedDeviceId(request),
        now,
      });
      return reply.status(204).send();
    },
  );
};
