import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD as PASSWORD,
  adminClock,
  asAdmin,
  auditActions,
  auditRows,
  clearOfStepBoundary,
  expectLockedOut,
  freshAddress,
  login,
  sessionCookie,
  signIn,
  STEP_MS,
  totpCode,
  TWO_FACTOR_URL as TF,
  turnOnTwoFactor,
  useAdminTestApp,
  whoAmI,
  wrongCode,
} from '../../../../tests/setup/admin-session.ts';
import { createTestEnvironment, TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { DEFAULT_SECURITY_SETTINGS } from '../../../shared/schemas/security-settings.ts';
import { buildApp } from '../../app.ts';
import { initializeSite } from '../../initialize.ts';
import { createAdmin } from './accounts.service.ts';
import { hashSessionToken } from './sessions.ts';

/*
 * Turning two-factor on and off, signing in with a TOTP code or a recovery code,
 * the replay guard, the recovery codes, and the password checks that count towards the sign-in
 * limit. Everything goes through HTTP; the routes use the real clock, so codes are made for now.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const OTHER = 'second.admin';
const OTHER_PASSWORD = 'another password, long enough';
const RECOVERY_CODE = /^[a-z2-9]{5}-[a-z2-9]{5}$/;
const DEFAULT_SECURITY = DEFAULT_SECURITY_SETTINGS;
const WRONG_SETUP_CODE =
  'That code is not right. Check that the time on your phone is correct and try again.';
const WRONG_SETUP_CODE_ERROR = {
  error: {
    code: 'VALIDATION_ERROR',
    message: WRONG_SETUP_CODE,
    fields: { code: WRONG_SETUP_CODE },
  },
};
const INVALID_CODE = { error: { code: 'INVALID_CODE', message: 'Invalid code' } };
/** A code of the step used last says so. */
const CODE_ALREADY_USED = {
  error: {
    code: 'CODE_ALREADY_USED',
    message: 'This code has already been used. Wait for the next one.',
  },
};
const WRONG_PASSWORD = 'The current password is not right.';
const TWO_FACTOR_REQUIRED = {
  error: {
    code: 'TWO_FACTOR_REQUIRED',
    message: 'Enter the 6-digit code from your authenticator app.',
  },
};

const status = async (token: string) => (await asAdmin(t, token, 'GET', TF)).json();

/** Turning two-factor on takes a first code and the account's password. */
const enable = (token: string, code: unknown, password: unknown = PASSWORD) =>
  asAdmin(t, token, 'POST', `${TF}/enable`, { code, password });

/** The seeded admin, signed in, with two-factor on. */
async function adminWithTwoFactor() {
  const token = await signIn(t, 'admin', PASSWORD);
  const { secret, recoveryCodes } = await turnOnTwoFactor(t, token, PASSWORD);
  return { token, secret, recoveryCodes };
}

async function adminRow() {
  return db()
    .selectFrom('admin_users')
    .select(['id', 'totp_secret', 'totp_enabled', 'totp_last_step'])
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
}

const failureCount = async () =>
  (await db().selectFrom('login_failures').select('id').execute()).length;

describe(`two-factor set-up on ${TEST_ENGINE}`, () => {
  it('returns the secret, its otpauth URL and an SVG QR code, never to be cached', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const response = await asAdmin(t, token, 'POST', `${TF}/setup`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ secret: string; otpauthUrl: string; qrCode: string }>();
    expect(Object.keys(body).sort()).toEqual(['otpauthUrl', 'qrCode', 'secret']);

    // 20 random bytes in base32: 32 characters.
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl.startsWith('otpauth://totp/White%20Stroke:admin?')).toBe(true);
    const url = new URL(body.otpauthUrl);
    expect(url.searchParams.get('secret')).toBe(body.secret);
    expect(url.searchParams.get('issuer')).toBe('White Stroke');
    expect(url.searchParams.get('digits') ?? '6').toBe('6');
    expect(url.searchParams.get('period') ?? '30').toBe('30');
    expect(url.searchParams.get('algorithm') ?? 'SHA1').toBe('SHA1');

    const prefix = 'data:image/svg+xml;base64,';
    expect(body.qrCode.startsWith(prefix)).toBe(true);
    const svg = Buffer.from(body.qrCode.slice(prefix.length), 'base64').toString('utf8');
    expect(svg.trim()).toMatch(
      /^(<\?xml[^>]*>\s*)?<svg\b[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    );
    expect(svg).toContain('<path');
    expect(svg.trim()).toMatch(/<\/svg>$/);

    // Waiting for its first code: stored, not yet on.
    const row = await adminRow();
    expect(row.totp_secret).toBe(body.secret);
    expect(row.totp_enabled).toBe(0);
    expect(await status(token)).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    // Sign-in still needs no code.
    await signIn(t, 'admin', PASSWORD);
  });

  it('a second set-up replaces the secret; a code of the first one no longer turns it on', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const first = (await asAdmin(t, token, 'POST', `${TF}/setup`)).json<{ secret: string }>()
      .secret;
    const second = (await asAdmin(t, token, 'POST', `${TF}/setup`)).json<{ secret: string }>()
      .secret;
    expect(second).not.toBe(first);
    expect((await adminRow()).totp_secret).toBe(second);

    await clearOfStepBoundary();
    const stale = await enable(token, totpCode(first));
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual(WRONG_SETUP_CODE_ERROR);
    const fresh = await enable(token, totpCode(second));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await adminRow()).totp_enabled).toBe(1);
  });

  it('is 409 TWO_FACTOR_ALREADY_ON once two-factor is on, and the secret stays', async () => {
    const { token, secret } = await adminWithTwoFactor();
    const again = await asAdmin(t, token, 'POST', `${TF}/setup`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'TWO_FACTOR_ALREADY_ON', message: 'Two-factor is already on.' },
    });
    const enableAgain = await enable(token, totpCode(secret));
    expect(enableAgain.statusCode).toBe(409);
    expect(enableAgain.json().error.code).toBe('TWO_FACTOR_ALREADY_ON');
    const row = await adminRow();
    expect(row.totp_secret).toBe(secret);
    expect(row.totp_enabled).toBe(1);
  });

  it('each set-up is audited as account.two-factor-setup, and the audit log holds no secret', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const { id } = await adminRow();
    const setups: { secret: string; otpauthUrl: string; qrCode: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await asAdmin(t, token, 'POST', `${TF}/setup`);
      expect(response.statusCode).toBe(200);
      setups.push(response.json());
    }
    const rows = (await auditRows(db())).filter((r) => r.action === 'account.two-factor-setup');
    expect(rows).toEqual([
      {
        action: 'account.two-factor-setup',
        actor: 'admin',
        admin_user_id: id,
        entity_id: id,
        details: null,
      },
      {
        action: 'account.two-factor-setup',
        actor: 'admin',
        admin_user_id: id,
        entity_id: id,
        details: null,
      },
    ]);
    const everything = JSON.stringify(await db().selectFrom('audit_log').selectAll().execute());
    for (const setup of setups) {
      for (const secret of [setup.secret, setup.secret.toLowerCase(), setup.otpauthUrl]) {
        expect(everything).not.toContain(secret);
      }
      expect(everything).not.toContain(setup.qrCode.slice(-40));
    }
    expect(everything).toContain('"entity_type":"admin_user"');

    // Refused once two-factor is on: no set-up happened, none is recorded.
    await turnOnTwoFactor(t, token, PASSWORD);
    const before = (await auditActions(db())).filter((a) => a === 'account.two-factor-setup');
    expect((await asAdmin(t, token, 'POST', `${TF}/setup`)).statusCode).toBe(409);
    const after = (await auditActions(db())).filter((a) => a === 'account.two-factor-setup');
    expect(after).toEqual(before);
  });

  it('GET reflects whether it is on, the recovery codes left and the requirement', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const anonymous = await t.app.inject({ method: 'GET', url: TF });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');

    expect(await status(token)).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    await turnOnTwoFactor(t, token, PASSWORD);
    expect(await status(token)).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    await t.app.deps.settings.updateSettings({
      security: { ...DEFAULT_SECURITY, requireTwoFactor: true },
    });
    expect(await status(token)).toEqual({ enabled: true, recoveryCodesLeft: 10, required: true });
  });
});

describe(`turning two-factor on on ${TEST_ENGINE}`, () => {
  it('a wrong code is 400 VALIDATION_ERROR with fields.code, and two-factor stays off', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const { secret } = (await asAdmin(t, token, 'POST', `${TF}/setup`)).json<{ secret: string }>();
    const response = await enable(token, wrongCode(secret));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(WRONG_SETUP_CODE_ERROR);
    expect((await adminRow()).totp_enabled).toBe(0);
    expect(await db().selectFrom('recovery_codes').selectAll().execute()).toEqual([]);
    expect(await auditActions(db())).not.toContain('account.two-factor-enable');
    expect((await whoAmI(t, token)).json().twoFactorEnabled).toBe(false);
  });

  it('a malformed code is a 400 envelope naming the code field', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    await asAdmin(t, token, 'POST', `${TF}/setup`);
    // With the right password, so the code alone is what is refused.
    for (const payload of [
      { code: '12345', password: PASSWORD },
      { code: 'abcdef', password: PASSWORD },
      { code: '1234567', password: PASSWORD },
      { code: '12 345', password: PASSWORD },
      { code: '123 4567', password: PASSWORD },
      { code: '123-456', password: PASSWORD },
      { code: '', password: PASSWORD },
      { code: '   ', password: PASSWORD },
      { code: 123456, password: PASSWORD },
      { password: PASSWORD },
    ]) {
      const response = await asAdmin(t, token, 'POST', `${TF}/enable`, payload);
      const label = JSON.stringify(payload);
      expect(response.statusCode, label).toBe(400);
      const { error } = response.json();
      expect(error.code, label).toBe('VALIDATION_ERROR');
      expect(typeof error.message, label).toBe('string');
      expect(Object.keys(error.fields), label).toEqual(['code']);
    }
    expect((await adminRow()).totp_enabled).toBe(0);
    // Refused before the password was looked at: nothing counted.
    expect(await failureCount()).toBe(0);
  });

  it('a missing or empty password is a 400 naming the password field, not counted', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const { secret } = (await asAdmin(t, token, 'POST', `${TF}/setup`)).json<{ secret: string }>();
    await clearOfStepBoundary();
    const code = totpCode(secret);
    for (const payload of [
      { code },
      { code, password: '' },
      { code, password: null },
      { code, password: 12345678 },
    ]) {
      const response = await asAdmin(t, token, 'POST', `${TF}/enable`, payload);
      const label = JSON.stringify(payload);
      expect(response.statusCode, label).toBe(400);
      const { error } = response.json();
      expect(error.code, label).toBe('VALIDATION_ERROR');
      expect(Object.keys(error.fields), label).toEqual(['password']);
      expect(typeof error.fields.password, label).toBe('string');
    }
    const empty = await enable(token, code, '');
    expect(empty.json().error.fields.password).toBe('Password is required');
    // Neither half alone: both missing names both.
    const neither = await asAdmin(t, token, 'POST', `${TF}/enable`, {});
    expect(neither.statusCode).toBe(400);
    expect(Object.keys(neither.json().error.fields).sort()).toEqual(['code', 'password']);

    expect((await adminRow()).totp_enabled).toBe(0);
    expect(await db().selectFrom('recovery_codes').select('id').execute()).toEqual([]);
    expect(await failureCount()).toBe(0);
    // The code was not used up: with the password it still turns two-factor on.
    const right = await enable(token, code);
    expect(right.statusCode, right.body).toBe(200);
  });

  it('a wrong password is 400 with fields.password: two-factor stays off, and it is counted', async () => {
    await createAdmin(db(), OTHER, OTHER_PASSWORD, undefined, new Date());
    const token = await signIn(t, 'admin', PASSWORD);
    const otherOfMine = await signIn(t, 'admin', PASSWORD);
    const { secret } = (await asAdmin(t, token, 'POST', `${TF}/setup`)).json<{ secret: string }>();
    const { id } = await adminRow();
    await db().deleteFrom('audit_log').execute();
    await clearOfStepBoundary();
    const code = totpCode(secret);

    // Another admin's password is no better than a made-up one.
    for (const wrong of ['not the password', OTHER_PASSWORD]) {
      const response = await enable(token, code, wrong);
      expect(response.statusCode, wrong).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'VALIDATION_ERROR',
          message: WRONG_PASSWORD,
          fields: { password: WRONG_PASSWORD },
        },
      });
    }

    // Still off, with the secret still waiting for its first code; no codes; no session ended.
    const row = await adminRow();
    expect(row).toMatchObject({ totp_enabled: 0, totp_secret: secret, totp_last_step: null });
    expect(await db().selectFrom('recovery_codes').selectAll().execute()).toEqual([]);
    expect(await status(token)).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    expect((await whoAmI(t, token)).json().twoFactorEnabled).toBe(false);
    expect((await whoAmI(t, otherOfMine)).statusCode).toBe(200);

    // Counted as failed password checks, audited without the passwords tried.
    expect(await failureCount()).toBe(2);
    const rows = await auditRows(db());
    expect(rows.map((r) => r.action)).toEqual(Array(2).fill('account.password-check-failed'));
    expect(rows.every((r) => r.admin_user_id === id && r.actor === 'admin')).toBe(true);
    const log = JSON.stringify(rows);
    for (const text of ['not the password', OTHER_PASSWORD, PASSWORD, secret]) {
      expect(log).not.toContain(text);
    }
    // Sign-in still asks for no code.
    expect((await login(t, { username: 'admin', password: PASSWORD })).statusCode).toBe(200);

    // The right password with the same code: on.
    const right = await enable(token, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().recoveryCodes).toHaveLength(10);
    expect((await adminRow()).totp_enabled).toBe(1);
  });

  it('five wrong passwords: then 429, even with the right password and code, and it stays off', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const { secret } = (await asAdmin(t, token, 'POST', `${TF}/setup`)).json<{ secret: string }>();
    await db().deleteFrom('audit_log').execute();
    const address = freshAddress();
    await clearOfStepBoundary();
    const code = totpCode(secret);
    for (let i = 1; i <= 5; i++) {
      const response = await asAdmin(
        t,
        token,
        'POST',
        `${TF}/enable`,
        { code, password: `wrong number ${i}` },
        { remoteAddress: address },
      );
      expect(response.statusCode, `attempt ${i}`).toBe(400);
      expect(response.json().error.fields).toEqual({ password: WRONG_PASSWORD });
    }
    expect(await failureCount()).toBe(5);
    // The fifth failure locks this session's confirmations, and the log says so.
    expect(await auditActions(db())).toEqual([
      ...Array(5).fill('account.password-check-failed'),
      'auth.lockout',
    ]);

    // From this address and from another one: the username is what is counted.
    for (const remoteAddress of [address, freshAddress()]) {
      const blocked = await asAdmin(
        t,
        token,
        'POST',
        `${TF}/enable`,
        { code, password: PASSWORD },
        { remoteAddress },
      );
      expect(blocked.statusCode, remoteAddress).toBe(429);
      expect(blocked.json().error.code).toBe('TOO_MANY_ATTEMPTS');
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    const row = await adminRow();
    expect(row).toMatchObject({ totp_enabled: 0, totp_secret: secret });
    expect(await db().selectFrom('recovery_codes').select('id').execute()).toEqual([]);
    expect(await auditActions(db())).not.toContain('account.two-factor-enable');
    // The session's confirmations have their own limit; sign-in is not held back.
    const signInAttempt = await login(t, { username: 'admin', password: PASSWORD });
    expect(signInAttempt.statusCode).toBe(200);
    // Refused attempts are not counted again.
    expect(await failureCount()).toBe(5);

    // Once the failures have aged out, the same code and the password turn it on.
    await db().deleteFrom('login_failures').execute();
    const right = await enable(token, code);
    expect(right.statusCode, right.body).toBe(200);
    expect((await adminRow()).totp_enabled).toBe(1);
  });

  it('a code typed with a space, as apps show it, turns it on', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const { secret } = (await asAdmin(t, token, 'POST', `${TF}/setup`)).json<{ secret: string }>();
    await clearOfStepBoundary();
    const code = totpCode(secret);
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    expect(spaced).toMatch(/^\d{3} \d{3}$/);
    const response = await enable(token, spaced);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().recoveryCodes).toHaveLength(10);
    expect((await adminRow()).totp_enabled).toBe(1);
    expect(await auditActions(db())).toContain('account.two-factor-enable');
    expect(await status(token)).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    // It was taken as that code: its step is used, so it cannot sign in afterwards.
    const replay = await login(t, { username: 'admin', password: PASSWORD, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(CODE_ALREADY_USED);
  });

  it('the right code turns it on: 10 recovery codes shown once, only hashes kept, other sessions end', async () => {
    await createAdmin(db(), OTHER, OTHER_PASSWORD, undefined, new Date());
    const mine = await signIn(t, 'admin', PASSWORD);
    const otherOfMine = await signIn(t, 'admin', PASSWORD);
    const anotherOfMine = await signIn(t, 'admin', PASSWORD);
    const someoneElse = await signIn(t, OTHER, OTHER_PASSWORD);
    const { secret } = (await asAdmin(t, mine, 'POST', `${TF}/setup`)).json<{ secret: string }>();
    await db().deleteFrom('audit_log').execute();

    await clearOfStepBoundary();
    const response = await enable(mine, totpCode(secret));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ recoveryCodes: string[] }>();
    expect(Object.keys(body)).toEqual(['recoveryCodes']);
    const codes = body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(RECOVERY_CODE);
      // No look-alikes: 0/o, 1/l/i.
      expect(code).not.toMatch(/[oli01]/);
    }

    const { id } = await adminRow();
    const stored = await db().selectFrom('recovery_codes').selectAll().execute();
    expect(stored).toHaveLength(10);
    expect(stored.every((r) => r.admin_user_id === id && r.used_at === null)).toBe(true);
    expect(new Set(stored.map((r) => r.code_hash)).size).toBe(10);
    const table = JSON.stringify(stored).toLowerCase();
    for (const code of codes) {
      expect(table).not.toContain(code);
      expect(table).not.toContain(code.replace('-', ''));
    }

    expect((await adminRow()).totp_enabled).toBe(1);
    const current = await whoAmI(t, mine);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({
      username: 'admin',
      role: 'admin',
      twoFactorEnabled: true,
      twoFactorSetupRequired: false,
    });
    expect((await whoAmI(t, otherOfMine)).statusCode).toBe(401);
    expect((await whoAmI(t, anotherOfMine)).statusCode).toBe(401);
    expect((await whoAmI(t, someoneElse)).statusCode).toBe(200);
    const sessionIds = (await db().selectFrom('sessions').select('id').execute()).map((r) => r.id);
    expect(sessionIds.sort()).toEqual(
      [hashSessionToken(mine), hashSessionToken(someoneElse)].sort(),
    );

    const rows = await auditRows(db());
    expect(rows.map((r) => r.action)).toEqual(['account.two-factor-enable']);
    expect(rows[0]).toMatchObject({ actor: 'admin', admin_user_id: id, entity_id: id });
    const log = JSON.stringify(rows);
    for (const secretText of [secret, PASSWORD, ...codes]) expect(log).not.toContain(secretText);
    expect(await status(mine)).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
  });

  it('without a set-up first is 409 NO_TWO_FACTOR_SETUP', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const response = await enable(token, '123456');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'NO_TWO_FACTOR_SETUP', message: 'Start turning on two-factor first.' },
    });
    expect((await adminRow()).totp_enabled).toBe(0);
  });
});

describe(`signing in with two-factor on on ${TEST_ENGINE}`, () => {
  it('the password alone is 401 TWO_FACTOR_REQUIRED, sets no cookie and is not counted', async () => {
    const { secret } = await adminWithTwoFactor();
    const address = freshAddress();
    const sessionsBefore = (await db().selectFrom('sessions').select('id').execute()).length;
    // More times than the limit allows failures: none of them is one.
    for (let i = 0; i < 6; i++) {
      const response = await login(
        t,
        { username: 'admin', password: PASSWORD },
        { remoteAddress: address },
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(TWO_FACTOR_REQUIRED);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await failureCount()).toBe(0);
    expect(await auditActions(db())).not.toContain('auth.sign-in-failed');
    expect(await auditActions(db())).not.toContain('auth.two-factor-failed');
    expect((await db().selectFrom('sessions').select('id').execute()).length).toBe(sessionsBefore);

    await clearOfStepBoundary();
    const ok = await login(
      t,
      { username: 'admin', password: PASSWORD, code: totpCode(secret) },
      { remoteAddress: address },
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('the password and the current code sign in, with a session cookie and an audit entry', async () => {
    const { secret } = await adminWithTwoFactor();
    await db().deleteFrom('audit_log').execute();
    await clearOfStepBoundary();
    const response = await login(t, {
      username: 'admin',
      password: PASSWORD,
      code: totpCode(secret),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      username: 'admin',
      role: 'admin',
      twoFactorEnabled: true,
      twoFactorSetupRequired: false,
    });
    const token = sessionCookie(response).value;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await whoAmI(t, token)).statusCode).toBe(200);
    const rows = await auditRows(db());
    expect(rows.map((r) => r.action)).toEqual(['auth.sign-in']);
    expect(JSON.parse(rows[0]?.details ?? 'null')).toEqual({ secondFactor: 'totp' });
  });

  it('the app’s code typed with spaces signs in, as the app’s code, and only once', async () => {
    const { secret } = await adminWithTwoFactor();
    await db().deleteFrom('audit_log').execute();
    const at = await clearOfStepBoundary();
    const code = totpCode(secret, at);
    const response = await login(t, {
      username: 'admin',
      password: PASSWORD,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      username: 'admin',
      role: 'admin',
      twoFactorEnabled: true,
      twoFactorSetupRequired: false,
    });
    expect((await whoAmI(t, sessionCookie(response).value)).statusCode).toBe(200);
    const rows = await auditRows(db());
    expect(rows.map((r) => r.action)).toEqual(['auth.sign-in']);
    expect(JSON.parse(rows[0]?.details ?? 'null')).toEqual({ secondFactor: 'totp' });
    // The code is kept nowhere, in either spelling. (Half of it, three digits, may stand in any
    // id or time by chance.)
    for (const spelling of [code, `${code.slice(0, 3)} ${code.slice(3)}`]) {
      expect(JSON.stringify(rows)).not.toContain(spelling);
    }

    // The same code, typed either way, is a replay.
    for (const again of [code, `${code.slice(0, 3)} ${code.slice(3)}`]) {
      const replay = await login(t, { username: 'admin', password: PASSWORD, code: again });
      expect(replay.statusCode, again).toBe(401);
      expect(replay.json()).toEqual(CODE_ALREADY_USED);
    }
    // The next step's code, amid spaces and a tab, is still the app's code.
    const next = totpCode(secret, at + STEP_MS);
    const spaced = await login(t, {
      username: 'admin',
      password: PASSWORD,
      code: ` ${next.slice(0, 3)}\t${next.slice(3)} `,
    });
    expect(spaced.statusCode, spaced.body).toBe(200);
    // Spaces do not make a wrong code right.
    const wrong = wrongCode(secret, at);
    const refused = await login(t, {
      username: 'admin',
      password: PASSWORD,
      code: `${wrong.slice(0, 3)} ${wrong.slice(3)}`,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(INVALID_CODE);
    // None of it touched the recovery codes.
    expect(
      await db()
        .selectFrom('recovery_codes')
        .select('id')
        .where('used_at', 'is not', null)
        .execute(),
    ).toEqual([]);
  });

  it('the same code cannot sign in twice', async () => {
    const { secret } = await adminWithTwoFactor();
    await clearOfStepBoundary();
    const code = totpCode(secret);
    const first = await login(t, { username: 'admin', password: PASSWORD, code });
    expect(first.statusCode, first.body).toBe(200);
    await db().deleteFrom('audit_log').execute();

    const replay = await login(t, { username: 'admin', password: PASSWORD, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(CODE_ALREADY_USED);
    expect(replay.headers['set-cookie']).toBeUndefined();
    const rows = await auditRows(db());
    expect(rows.map((r) => r.action)).toEqual(['auth.two-factor-failed']);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(await failureCount()).toBe(1);
  });

  it('a code of an earlier step than the last one used is refused, though still in the window', async () => {
    const { secret } = await adminWithTwoFactor();
    const at = await clearOfStepBoundary();
    // The next step's code is accepted (clock drift) and moves the last used step forward...
    const next = await login(t, {
      username: 'admin',
      password: PASSWORD,
      code: totpCode(secret, at + STEP_MS),
    });
    expect(next.statusCode, next.body).toBe(200);
    // ...so the current step's code, never used, is now too old; as is the one that enabled.
    for (const code of [totpCode(secret, at), totpCode(secret, at - STEP_MS)]) {
      const response = await login(t, { username: 'admin', password: PASSWORD, code });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID_CODE);
    }
  });

  it('a wrong code is 401 INVALID_CODE, audited and counted: after 5, 429 with Retry-After', async () => {
    const { secret } = await adminWithTwoFactor();
    const { id } = await adminRow();
    await db().deleteFrom('audit_log').execute();
    // Each from another address: the username alone is counted here.
    for (let i = 0; i < 5; i++) {
      const response = await login(t, {
        username: 'admin',
        password: PASSWORD,
        code: wrongCode(secret),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID_CODE);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await failureCount()).toBe(5);
    const rows = await auditRows(db());
    // The fifth failure locks the account's unknown devices, and the log says so.
    expect(rows.map((r) => r.action)).toEqual([
      ...Array(5).fill('auth.two-factor-failed'),
      'auth.lockout',
    ]);
    expect(rows.every((r) => r.admin_user_id === id && r.actor === 'admin')).toBe(true);

    await clearOfStepBoundary();
    const code = totpCode(secret);
    expectLockedOut(await login(t, { username: 'admin', password: PASSWORD, code }));

    // The refused attempt did not use the code up.
    await db().deleteFrom('login_failures').execute();
    expect((await login(t, { username: 'admin', password: PASSWORD, code })).statusCode).toBe(200);
  });

  it('a wrong password with the right code is 401 Invalid credentials, and the code stays unused', async () => {
    const { secret } = await adminWithTwoFactor();
    await db().deleteFrom('audit_log').execute();
    await clearOfStepBoundary();
    const code = totpCode(secret);
    const response = await login(t, { username: 'admin', password: 'not the password', code });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' },
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await auditActions(db())).toEqual(['auth.sign-in-failed']);
    expect(await failureCount()).toBe(1);

    const right = await login(t, { username: 'admin', password: PASSWORD, code });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('a recovery code signs in once, typed in any case, with or without its dash, amid spaces', async () => {
    const { token, recoveryCodes } = await adminWithTwoFactor();
    const [a, b, c] = recoveryCodes as [string, string, string];
    await db().deleteFrom('audit_log').execute();

    const upper = await login(t, {
      username: 'admin',
      password: PASSWORD,
      code: `  ${a.toUpperCase()}  `,
    });
    expect(upper.statusCode, upper.body).toBe(200);
    expect(upper.json()).toEqual({
      username: 'admin',
      role: 'admin',
      twoFactorEnabled: true,
      twoFactorSetupRequired: false,
    });
    expect(sessionCookie(upper).value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await auditRows(db());
    expect(rows.map((r) => r.action)).toEqual(['auth.sign-in']);
    expect(JSON.parse(rows[0]?.details ?? 'null')).toEqual({ secondFactor: 'recovery-code' });
    expect(await status(token)).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });

    // Used up, however it is typed.
    for (const again of [a, a.replace('-', ''), ` ${a.toUpperCase()} `]) {
      const response = await login(t, { username: 'admin', password: PASSWORD, code: again });
      expect(response.statusCode, again).toBe(401);
      expect(response.json()).toEqual(INVALID_CODE);
    }

    const noDash = await login(t, {
      username: 'admin',
      password: PASSWORD,
      code: b.replace('-', ''),
    });
    expect(noDash.statusCode, noDash.body).toBe(200);
    const mixed = await login(t, {
      username: 'admin',
      password: PASSWORD,
      code: `\t${c.slice(0, 3).toUpperCase()}${c.slice(3)} `,
    });
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(await status(token)).toMatchObject({ recoveryCodesLeft: 7 });
    const used = await db()
      .selectFrom('recovery_codes')
      .select('used_at')
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toHaveLength(3);
  });

  it('one admin’s recovery codes and TOTP codes do not sign another in', async () => {
    const { secret, recoveryCodes } = await adminWithTwoFactor();
    await createAdmin(db(), OTHER, OTHER_PASSWORD, undefined, new Date());
    const other = await signIn(t, OTHER, OTHER_PASSWORD);
    const { secret: otherSecret } = await turnOnTwoFactor(t, other, OTHER_PASSWORD);
    await clearOfStepBoundary();
    const code = totpCode(secret);
    // Codes of the other account's secret that happen to coincide would make this test pass
    // for the wrong reason; with two random 160-bit secrets that is a one-in-a-million chance.
    expect(code).not.toBe(totpCode(otherSecret));
    for (const foreign of [recoveryCodes[0], code]) {
      const response = await login(t, { username: OTHER, password: OTHER_PASSWORD, code: foreign });
      expect(response.statusCode, foreign).toBe(401);
      expect(response.json()).toEqual(INVALID_CODE);
    }
    // Both still work for their own account.
    await signIn(t, 'admin', PASSWORD, { code: recoveryCodes[0] });
    await signIn(t, 'admin', PASSWORD, { code });
  });

  it('two sign-ins racing with one fresh code: exactly one gets in', async () => {
    const { secret } = await adminWithTwoFactor();
    await db().deleteFrom('sessions').execute();
    await clearOfStepBoundary();
    const code = totpCode(secret);
    const responses = await Promise.all([
      login(t, { username: 'admin', password: PASSWORD, code }),
      login(t, { username: 'admin', password: PASSWORD, code }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const refused = responses.find((r) => r.statusCode === 401);
    // The other one used it a moment before.
    expect(refused?.json()).toEqual(CODE_ALREADY_USED);
    expect(await db().selectFrom('sessions').select('id').execute()).toHaveLength(1);
  });

  it('two sign-ins racing with one recovery code: exactly one gets in', async () => {
    const { recoveryCodes } = await adminWithTwoFactor();
    await db().deleteFrom('sessions').execute();
    const code = recoveryCodes[4] as string;
    const responses = await Promise.all([
      login(t, { username: 'admin', password: PASSWORD, code }),
      login(t, { username: 'admin', password: PASSWORD, code }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(await db().selectFrom('sessions').select('id').execute()).toHaveLength(1);
  });
});

describe(`renewing the recovery codes on ${TEST_ENGINE}`, () => {
  const renew = (token: string, password: string) =>
    asAdmin(t, token, 'POST', `${TF}/recovery-codes`, { password });

  it('a wrong password is 400 with fields.password, and the codes stay', async () => {
    const { token, recoveryCodes } = await adminWithTwoFactor();
    const before = await db().selectFrom('recovery_codes').select('code_hash').execute();
    const response = await renew(token, 'not the password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: 'The current password is not right.',
        fields: { password: 'The current password is not right.' },
      },
    });
    const after = await db().selectFrom('recovery_codes').select('code_hash').execute();
    expect(after.map((r) => r.code_hash).sort()).toEqual(before.map((r) => r.code_hash).sort());
    const old = await login(t, { username: 'admin', password: PASSWORD, code: recoveryCodes[0] });
    expect(old.statusCode).toBe(200);
  });

  it('the right password gives 10 new codes; the old ones stop working', async () => {
    const { token, recoveryCodes: old } = await adminWithTwoFactor();
    // One used already: the renewal gives a full set again.
    expect(
      (await login(t, { username: 'admin', password: PASSWORD, code: old[9] })).statusCode,
    ).toBe(200);
    await db().deleteFrom('audit_log').execute();

    const response = await renew(token, PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const fresh = response.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(new Set(fresh).size).toBe(10);
    for (const code of fresh) {
      expect(code).toMatch(RECOVERY_CODE);
      expect(old).not.toContain(code);
    }
    expect(await status(token)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(await auditActions(db())).toEqual(['account.recovery-codes-renew']);
    expect(await db().selectFrom('recovery_codes').select('id').execute()).toHaveLength(10);

    const stale = await login(t, { username: 'admin', password: PASSWORD, code: old[0] });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual(INVALID_CODE);
    const now = await login(t, { username: 'admin', password: PASSWORD, code: fresh[0] });
    expect(now.statusCode, now.body).toBe(200);
  });

  it('is 409 TWO_FACTOR_OFF while two-factor is off', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const response = await renew(token, PASSWORD);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'TWO_FACTOR_OFF', message: 'Two-factor is not on.' },
    });
    expect(await db().selectFrom('recovery_codes').select('id').execute()).toEqual([]);
  });
});

describe(`turning two-factor off on ${TEST_ENGINE}`, () => {
  const disable = (token: string, password: string) =>
    asAdmin(t, token, 'POST', `${TF}/disable`, { password });

  it('a wrong password is 400 with fields.password, and it stays on', async () => {
    const { token } = await adminWithTwoFactor();
    const response = await disable(token, 'not the password');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.json().error.fields).toHaveProperty('password');
    expect((await adminRow()).totp_enabled).toBe(1);
    expect(await db().selectFrom('recovery_codes').select('id').execute()).toHaveLength(10);
    expect((await login(t, { username: 'admin', password: PASSWORD })).json()).toEqual(
      TWO_FACTOR_REQUIRED,
    );
  });

  it('the right password turns it off: 204, no code asked at sign-in, recovery codes gone', async () => {
    const { token } = await adminWithTwoFactor();
    await db().deleteFrom('audit_log').execute();
    const response = await disable(token, PASSWORD);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const row = await adminRow();
    expect(row).toMatchObject({ totp_enabled: 0, totp_secret: null, totp_last_step: null });
    expect(await db().selectFrom('recovery_codes').select('id').execute()).toEqual([]);
    expect(await auditActions(db())).toEqual(['account.two-factor-disable']);
    expect(await status(token)).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });

    const plain = await login(t, { username: 'admin', password: PASSWORD });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({
      username: 'admin',
      role: 'admin',
      twoFactorEnabled: false,
      twoFactorSetupRequired: false,
    });
  });

  it('is 409 TWO_FACTOR_REQUIRED_BY_SETTING while the settings require two-factor', async () => {
    const { token } = await adminWithTwoFactor();
    const require = await asAdmin(t, token, 'PUT', '/api/admin/security-settings', {
      ...DEFAULT_SECURITY,
      requireTwoFactor: true,
    });
    expect(require.statusCode, require.body).toBe(200);
    const response = await disable(token, PASSWORD);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'TWO_FACTOR_REQUIRED_BY_SETTING',
        message: 'Two-factor is required for every admin, so it cannot be turned off.',
      },
    });
    expect((await adminRow()).totp_enabled).toBe(1);
    expect(await db().selectFrom('recovery_codes').select('id').execute()).toHaveLength(10);
  });
});

describe(`password checks of signed-in admins count towards their session's limit on ${TEST_ENGINE}`, () => {
  it('five wrong current passwords across password change, recovery codes and disable: then 429', async () => {
    const { token, secret } = await adminWithTwoFactor();
    const { id } = await adminRow();
    await db().deleteFrom('audit_log').execute();
    const address = freshAddress();
    const attempts: [string, Record<string, unknown>, string][] = [
      [
        '/api/admin/account/password',
        { currentPassword: 'wrong one', newPassword: 'a brand new password here' },
        'currentPassword',
      ],
      [`${TF}/recovery-codes`, { password: 'wrong two' }, 'password'],
      [`${TF}/disable`, { password: 'wrong three' }, 'password'],
      [
        '/api/admin/account/password',
        { currentPassword: 'wrong four', newPassword: 'a brand new password here' },
        'currentPassword',
      ],
      [`${TF}/recovery-codes`, { password: 'wrong five' }, 'password'],
    ];
    for (const [url, payload, field] of attempts) {
      const response = await asAdmin(t, token, 'POST', url, payload, { remoteAddress: address });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      expect(response.json().error.fields, url).toHaveProperty(field);
    }
    expect(await failureCount()).toBe(5);
    const rows = await auditRows(db());
    // The fifth failure locks this session's confirmations, and the log says so.
    expect(rows.map((r) => r.action)).toEqual([
      ...Array(5).fill('account.password-check-failed'),
      'auth.lockout',
    ]);
    expect(rows.every((r) => r.admin_user_id === id)).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/wrong (one|two|three|four|five)/);

    // Now even the right password is refused for a while, on each of the three (in this session).
    for (const [url, payload] of [
      [
        '/api/admin/account/password',
        { currentPassword: PASSWORD, newPassword: 'a brand new password here' },
      ],
      [`${TF}/recovery-codes`, { password: PASSWORD }],
      [`${TF}/disable`, { password: PASSWORD }],
    ] as const) {
      const response = await asAdmin(t, token, 'POST', url, payload);
      expect(response.statusCode, url).toBe(429);
      expect(response.json().error.code).toBe('TOO_MANY_ATTEMPTS');
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
    }
    await clearOfStepBoundary();
    const signInAttempt = await login(t, {
      username: 'admin',
      password: PASSWORD,
      code: totpCode(secret),
    });
    // The session's own limit, not the sign-in lock: signing in still works.
    expect(signInAttempt.statusCode, signInAttempt.body).toBe(200);
    // Nothing changed meanwhile.
    expect((await adminRow()).totp_enabled).toBe(1);
    expect(await db().selectFrom('recovery_codes').select('id').execute()).toHaveLength(10);
  });
});

describe(`nothing secret reaches the logs on ${TEST_ENGINE}`, () => {
  it('sign-ins, set-up, enable, recovery codes and failures log no password, secret, code or token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const environment = await createTestEnvironment({ adminPassword: PASSWORD, logLevel: 'trace' });
    const app = await buildApp(environment.config, { logStream: stream, clock: adminClock });
    try {
      await initializeSite(app);
      await app.ready();
      const secrets: string[] = [PASSWORD];

      const first = await login(app, { username: 'admin', password: PASSWORD });
      expect(first.statusCode).toBe(200);
      const token = sessionCookie(first).value;
      secrets.push(token, hashSessionToken(token));

      const { secret, recoveryCodes, enableCode } = await turnOnTwoFactor(app, token, PASSWORD);
      secrets.push(secret, enableCode, ...recoveryCodes);
      secrets.push(...recoveryCodes.map((c) => c.replace('-', '')));

      const at = await clearOfStepBoundary();
      const code = totpCode(secret, at);
      const wrong = wrongCode(secret, at);
      secrets.push(code, wrong);

      const withCode = await login(app, { username: 'admin', password: PASSWORD, code });
      expect(withCode.statusCode, withCode.body).toBe(200);
      const second = sessionCookie(withCode).value;
      secrets.push(second, hashSessionToken(second));
      // A replay, a wrong code, a wrong password, and a recovery code.
      expect((await login(app, { username: 'admin', password: PASSWORD, code })).statusCode).toBe(
        401,
      );
      expect(
        (await login(app, { username: 'admin', password: PASSWORD, code: wrong })).statusCode,
      ).toBe(401);
      const wrongPassword = 'a wrong password, logged nowhere';
      secrets.push(wrongPassword);
      expect(
        (await login(app, { username: 'admin', password: wrongPassword, code })).statusCode,
      ).toBe(401);
      const withRecovery = await login(app, {
        username: 'admin',
        password: PASSWORD,
        code: recoveryCodes[0],
      });
      expect(withRecovery.statusCode).toBe(200);
      const third = sessionCookie(withRecovery).value;
      secrets.push(third, hashSessionToken(third));
      const renewed = await asAdmin(app, third, 'POST', `${TF}/recovery-codes`, {
        password: PASSWORD,
      });
      expect(renewed.statusCode).toBe(200);
      secrets.push(...renewed.json<{ recoveryCodes: string[] }>().recoveryCodes);
      const wrongCheck = await asAdmin(app, third, 'POST', `${TF}/disable`, {
        password: wrongPassword,
      });
      expect(wrongCheck.statusCode).toBe(400);
      expect((await asAdmin(app, third, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);

      // The logger did write: the requests are there, by method and path.
      const output = lines.join('');
      expect(output).toContain('/api/auth/login');
      expect(output).toContain(`${TF}/enable`);
      // A 6-digit code is looked for as a number of its own, not inside a timestamp.
      const pattern = (text: string) =>
        /^\d+$/.test(text) ? new RegExp(`(?<!\\d)${text}(?!\\d)`) : undefined;
      const audit = JSON.stringify(await app.deps.db.selectFrom('audit_log').selectAll().execute());
      for (const [where, text] of [
        ['log', output],
        ['audit log', audit],
      ] as const) {
        for (const secretText of secrets) {
          const digits = pattern(secretText);
          if (digits) expect(text, `a code in the ${where}`).not.toMatch(digits);
          else expect(text, `a secret in the ${where}`).not.toContain(secretText);
        }
      }
    } finally {
      await app.close();
      await environment.cleanup();
    }
  });
});
