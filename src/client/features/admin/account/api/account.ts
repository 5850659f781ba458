import { adminApiPaths } from '../../../../../shared/api-paths.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { AccountSchema, AdminUserSchema } from '../../../../../shared/schemas/auth.ts';
import {
  type SecuritySettings,
  SecuritySettingsSchema,
} from '../../../../../shared/schemas/security-settings.ts';
import { apiFetch } from '../../../../lib/api-client.ts';
import { send } from '../../common/admin-requests.ts';
import {
  ADMIN_TWO_FACTOR_PATH,
  twoFactorRequests,
} from '../../common/two-factor/two-factor-api.ts';

/*
 * The Account screen's calls: one's own password, the admins, the sign-in rules. One's own
 * two-factor is common/two-factor's, shared with the jury.
 */

const USERS_PATH = adminApiPaths.users;
const SECURITY_PATH = adminApiPaths.securitySettings;

/** The admin's own two-factor status: saving the sign-in rules changes whether it may go off. */
export const twoFactorStatusQuery = twoFactorRequests(ADMIN_TWO_FACTOR_PATH).status;

export const changePassword = (passwords: { currentPassword: string; newPassword: string }) =>
  apiFetch(adminApiPaths.accountPassword, send('POST', passwords));

/** The signed-in admin's own e-mail address (or null). */
export const accountQuery = queryOptions({
  queryKey: ['admin', 'account', 'self'],
  queryFn: () => apiFetch(adminApiPaths.account, {}, AccountSchema),
});

export const setAccountEmail = (values: { email: string; password: string }) =>
  apiFetch(adminApiPaths.accountEmail, send('PUT', values));

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
