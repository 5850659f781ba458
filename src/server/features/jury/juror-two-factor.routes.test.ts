import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  asAdmin,
  auditRowsOf,
  clearOfStepBoundary,
  login,
  signIn,
  STEP_MS,
  totpCode,
  TWO_FACTOR_URL as ADMIN_TF,
  turnOnTwoFactor,
  useAdminTestApp,
  whoAmI,
  wrongCode,
} from '../../../../tests/setup/admin-session.ts';
import { addJuror, asJuror, JUROR_PASSWORD } from '../../../../tests/setup/jury.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { DEFAULT_SECURITY_SETTINGS } from '../../../shared/schemas/security-settings.ts';

/*
 * A juror's own two-factor sign-in, through the jury scope's /api/jury/account/two-factor: the
 * same routes as the admin's, acting on the juror's account. The admins' rule that requires
 * two-factor is not the jurors'; the admin's own routes stay closed to a juror.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const TF = '/api/jury/account/two-factor';
const JUROR = 'tf.juror';

const status = async (token: string) => (await asJuror(t, token, 'GET', TF)).json();

const twoFactorRowOf = (username: string) =>
  db()
    .selectFrom('admin_users')
    .select(['totp_enabled', 'totp_secret'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();

const recoveryCodesOf = async (id: string) =>
  (await db().selectFrom('recovery_codes').select('id').where('admin_user_id', '=', id).execute())
    .length;

/** Set-up and a first code through the jury scope; answers the secret and the recovery codes. */
async function jurorTurnsOn(token: string) {
  const setup = await asJuror(t, token, 'POST', `${TF}/setup`);
  expect(setup.statusCode, setup.body).toBe(200);
  expect(setup.headers['cache-control']).toBe('no-store');
  const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
  // Named after the juror's own account in the authenticator app.
  expect(otpauthUrl.startsWith(`otpauth://totp/White%20Stroke:${JUROR}?`)).toBe(true);
  // The previous step's code, so this step's is left for the next sign-in.
  const at = await clearOfStepBoundary();
  const enabled = await asJuror(t, token, 'POST', `${TF}/enable`, {
    code: totpCode(secret, at - STEP_MS),
    password: JUROR_PASSWORD,
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  expect(enabled.headers['cache-control']).toBe('no-store');
  const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
  return { secret, recoveryCodes };
}

describe(`a juror’s two-factor on ${TEST_ENGINE}`, () => {
  it('turns on with a first code, asks for a code at sign-in, and turns off again', async () => {
    const juror = await addJuror(t, JUROR, 'Two Factor Juror');
    expect(await status(juror.token)).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });

    const { secret, recoveryCodes } = await jurorTurnsOn(juror.token);
    expect(recoveryCodes).toHaveLength(10);
    expect(await twoFactorRowOf(JUROR)).toMatchObject({ totp_enabled: 1, totp_secret: secret });
    expect(await recoveryCodesOf(juror.id)).toBe(10);
    expect(await status(juror.token)).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    // The session that turned it on stays, and says so.
    expect((await whoAmI(t, juror.token)).json()).toMatchObject({
      role: 'juror',
      twoFactorEnabled: true,
    });

    // Signing in again: the password alone is not enough, the app's code is.
    const plain = await login(t, { username: JUROR, password: JUROR_PASSWORD });
    expect(plain.statusCode).toBe(401);
    expect(plain.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    const again = await signIn(t, JUROR, JUROR_PASSWORD, { code: totpCode(secret) });
    expect((await whoAmI(t, again)).json()).toMatchObject({ username: JUROR, role: 'juror' });
    // The new session works in the jury scope.
    expect((await asJuror(t, again, 'GET', '/api/jury/rounds')).statusCode).toBe(200);

    // New recovery codes, then one of them signs in once.
    const renewed = await asJuror(t, again, 'POST', `${TF}/recovery-codes`, {
      password: JUROR_PASSWORD,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const [fresh] = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toBeDefined();
    expect(recoveryCodes).not.toContain(fresh);
    await signIn(t, JUROR, JUROR_PASSWORD, { code: fresh ?? '' });
    expect(await status(again)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });

    const off = await asJuror(t, again, 'POST', `${TF}/disable`, { password: JUROR_PASSWORD });
    expect(off.statusCode, off.body).toBe(204);
    expect(await twoFactorRowOf(JUROR)).toEqual({ totp_enabled: 0, totp_secret: null });
    expect(await recoveryCodesOf(juror.id)).toBe(0);
    const withoutCode = await login(t, { username: JUROR, password: JUROR_PASSWORD });
    expect(withoutCode.statusCode).toBe(200);
    expect(withoutCode.json()).toMatchObject({ role: 'juror', twoFactorEnabled: false });

    // Audited as an admin's own changes are: by the juror, on the juror's account.
    const audited = await auditRowsOf(db(), 'account.');
    expect(audited.map((row) => row.action).sort()).toEqual([
      'account.recovery-codes-renew',
      'account.two-factor-disable',
      'account.two-factor-enable',
      'account.two-factor-setup',
    ]);
    for (const row of audited) {
      expect(row).toMatchObject({ actor: JUROR, admin_user_id: juror.id, entity_id: juror.id });
    }
  });

  it('a wrong password or code changes nothing', async () => {
    const juror = await addJuror(t, JUROR, 'Two Factor Juror');
    const { secret } = (await asJuror(t, juror.token, 'POST', `${TF}/setup`)).json<{
      secret: string;
    }>();
    await clearOfStepBoundary();
    const wrongPassword = await asJuror(t, juror.token, 'POST', `${TF}/enable`, {
      code: totpCode(secret),
      password: 'not the juror’s password',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields).toEqual({
      password: 'The current password is not right.',
    });
    const badCode = await asJuror(t, juror.token, 'POST', `${TF}/enable`, {
      code: wrongCode(secret),
      password: JUROR_PASSWORD,
    });
    expect(badCode.statusCode).toBe(400);
    expect(Object.keys(badCode.json().error.fields)).toEqual(['code']);
    expect((await twoFactorRowOf(JUROR)).totp_enabled).toBe(0);
    expect(await status(juror.token)).toMatchObject({ enabled: false });
  });

  it('the admins’ rule requiring two-factor is not the jurors’: a juror may turn it off', async () => {
    const juror = await addJuror(t, JUROR, 'Two Factor Juror');
    await jurorTurnsOn(juror.token);
    await t.app.deps.settings.updateSettings({
      security: { ...DEFAULT_SECURITY_SETTINGS, requireTwoFactor: true },
    });
    expect(await status(juror.token)).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    const off = await asJuror(t, juror.token, 'POST', `${TF}/disable`, {
      password: JUROR_PASSWORD,
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await twoFactorRowOf(JUROR)).totp_enabled).toBe(0);
    // Nor does the session tell a juror without it that set-up is required.
    expect((await whoAmI(t, juror.token)).json()).toMatchObject({
      role: 'juror',
      twoFactorEnabled: false,
      twoFactorSetupRequired: false,
    });
  });

  it('acts on the juror’s own account only: the admin’s two-factor is untouched, and the reverse', async () => {
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const juror = await addJuror(t, JUROR, 'Two Factor Juror');
    await jurorTurnsOn(juror.token);
    expect((await twoFactorRowOf('admin')).totp_enabled).toBe(0);
    expect((await asAdmin(t, admin, 'GET', ADMIN_TF)).json()).toMatchObject({ enabled: false });

    // The admin's own routes under /api/admin, as before; the juror's state stays.
    await turnOnTwoFactor(t, admin, ADMIN_PASSWORD);
    const off = await asAdmin(t, admin, 'POST', `${ADMIN_TF}/disable`, {
      password: ADMIN_PASSWORD,
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await twoFactorRowOf('admin')).totp_enabled).toBe(0);
    expect(await status(juror.token)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('a juror cannot reach the admin’s /api/admin/account/two-factor: 403 ADMINS_ONLY', async () => {
    const juror = await addJuror(t, JUROR, 'Two Factor Juror');
    const calls = [
      ['GET', ADMIN_TF, undefined],
      ['POST', `${ADMIN_TF}/setup`, undefined],
      ['POST', `${ADMIN_TF}/enable`, { code: '123456', password: JUROR_PASSWORD }],
      ['POST', `${ADMIN_TF}/recovery-codes`, { password: JUROR_PASSWORD }],
      ['POST', `${ADMIN_TF}/disable`, { password: JUROR_PASSWORD }],
    ] as const;
    for (const [method, url, payload] of calls) {
      const response = await asAdmin(t, juror.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.code, `${method} ${url}`).toBe('ADMINS_ONLY');
    }
    // Nothing was set up on either account.
    expect(await twoFactorRowOf(JUROR)).toEqual({ totp_enabled: 0, totp_secret: null });
    expect(await twoFactorRowOf('admin')).toEqual({ totp_enabled: 0, totp_secret: null });
  });
});
