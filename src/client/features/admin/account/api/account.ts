import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AdminUserSchema,
  RecoveryCodesSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '../../../../../shared/schemas/auth.ts';
import {
  type SecuritySettings,
  SecuritySettingsSchema,
} from '../../../../../shared/schemas/security-settings.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';

/* The Account screen's calls: one's own password and two-factor, the admins, the sign-in rules. */

const TWO_FACTOR_PATH = '/api/admin/account/two-factor';
const USERS_PATH = '/api/admin/users';
const SECURITY_PATH = '/api/admin/security-settings';

export const changePassword = (passwords: { currentPassword: string; newPassword: string }) =>
  apiFetch('/api/admin/account/password', send('POST', passwords));

/** Whether one's two-factor is on, the recovery codes left, and whether the rules require it. */
export const twoFactorStatusQuery = queryOptions({
  queryKey: ['admin', 'account', 'two-factor'],
  queryFn: () => apiFetch(TWO_FACTOR_PATH, {}, TwoFactorStatusSchema),
});

/** A new secret, waiting to be confirmed by a first code. */
export const startTwoFactorSetup = () =>
  apiFetch(`${TWO_FACTOR_PATH}/setup`, send('POST'), TwoFactorSetupSchema);

/** Turns two-factor on; answers the recovery codes, shown once. */
export const enableTwoFactor = (confirmation: { code: string; password: string }) =>
  apiFetch(`${TWO_FACTOR_PATH}/enable`, send('POST', confirmation), RecoveryCodesSchema);

/** Ten new recovery codes; the old ones stop working. */
export const renewRecoveryCodes = (password: string) =>
  apiFetch(`${TWO_FACTOR_PATH}/recovery-codes`, send('POST', { password }), RecoveryCodesSchema);

export const disableTwoFactor = (password: string) =>
  apiFetch(`${TWO_FACTOR_PATH}/disable`, send('POST', { password }));

/** Every admin, with whether their two-factor is on. */
export const adminUsersQuery = queryOptions({
  queryKey: ['admin', 'account', 'users'],
  queryFn: () => apiFetch(USERS_PATH, {}, z.array(AdminUserSchema)),
});

export const addAdmin = (values: { username: string; password: string }) =>
  apiFetch(USERS_PATH, send('POST', values));

export const removeAdmin = (id: string) =>
  apiFetch(`${USERS_PATH}/${encodeURIComponent(id)}`, send('DELETE'));

/** The sign-in rules an admin can change. */
export const securitySettingsQuery = queryOptions({
  queryKey: ['admin', 'account', 'security'],
  queryFn: () => apiFetch(SECURITY_PATH, {}, SecuritySettingsSchema),
});

/** Saves the rules; answers them as saved. */
export const saveSecuritySettings = (values: SecuritySettings) =>
  apiFetch(SECURITY_PATH, send('PUT', values), SecuritySettingsSchema);
