import { adminApiPaths, juryApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import {
  RecoveryCodesSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '../../../../../shared/schemas/auth.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../admin-requests.ts';

/*
 * One's own two-factor sign-in, the same routes in each signed-in area: the admin's under
 * /api/admin, the juror's under /api/jury. Each area's page names its own.
 */

export const ADMIN_TWO_FACTOR_PATH = adminApiPaths.twoFactor;
export const JURY_TWO_FACTOR_PATH = juryApiPaths.twoFactor;
export type TwoFactorPath = typeof ADMIN_TWO_FACTOR_PATH | typeof JURY_TWO_FACTOR_PATH;

/** The requests of the two-factor routes at `path`. */
export function twoFactorRequests(path: TwoFactorPath) {
  return {
    /** Whether one's two-factor is on, the recovery codes left, and whether the rules require it. */
    status: queryOptions({
      // ['admin', 'account', 'two-factor'] or ['jury', …]: the area's own cache entry.
      queryKey: path.split('/').slice(2),
      queryFn: () => apiFetch(path, {}, TwoFactorStatusSchema),
    }),

    /** A new secret, waiting to be confirmed by a first code. */
    startSetup: () => apiFetch(`${path}/setup`, send('POST'), TwoFactorSetupSchema),

    /** Turns two-factor on; answers the recovery codes, shown once. */
    enable: (confirmation: { code: string; password: string }) =>
      apiFetch(`${path}/enable`, send('POST', confirmation), RecoveryCodesSchema),

    /** Ten new recovery codes; the old ones stop working. */
    renewRecoveryCodes: (password: string) =>
      apiFetch(`${path}/recovery-codes`, send('POST', { password }), RecoveryCodesSchema),

    disable: (password: string) => apiFetch(`${path}/disable`, send('POST', { password })),
  };
}

export type TwoFactorRequests = ReturnType<typeof twoFactorRequests>;
