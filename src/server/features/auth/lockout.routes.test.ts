import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminClock,
  ADMIN_PASSWORD as PASSWORD,
  asAdmin,
  clearOfStepBoundary,
  expectLockedOut,
  fastifyOf,
  freshAddress,
  login,
  sessionCookie,
  signIn,
  STEP_MS,
  totpCode,
  TWO_FACTOR_URL,
  turnOnTwoFactor,
  useAdminTestApp,
  whoAmI,
} from '../../../../tests/setup/admin-session.ts';
import { buildTestApp, OUR_CLIENT_HEADERS as OURS } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { createAdmin, setPassword, unlockAdmin } from './accounts.service.ts';
import { hashSessionToken } from './sessions.ts';
import { turnOffTwoFactor } from './two-factor.ts';

/*
 * Nobody can lock the admin out (docs/decisions/014): a browser that signed in
 * before carries a device cookie, and failures from elsewhere never lock it out; unknown devices
 * are locked per account and per address; a signed-in admin's password confirmations have their
 * own limit per session; the audit log records each lockout.
 */

const t = useAdminTestApp();
// Some tests give the seeded admin a new password: the next one starts from the usual one.
afterEach(() => setPassword(t.app.deps.db, 'admin', PASSWORD, { now: new Date() }));
const db = () => t.app.deps.db;
const ATTACKER = '127.0.0.2';
const ADMIN_HOME = '127.0.0.1';
const THIRD = '127.0.0.3';
const DEVICE_COOKIE = /^ws_device=([A-Za-z0-9_-]{43});/;
const OTHER = 'other.admin';
const OTHER_PASSWORD = 'the other admin’s password';

const failureRows = () => db().selectFrom('login_failures').selectAll().execute();
const lockouts = async () =>
  (
    await db()
      .selectFrom('audit_log')
      .select(['actor', 'admin_user_id', 'entity_type', 'details'])
      .where('action', '=', 'auth.lockout')
      .orderBy('created_at')
      .execute()
  ).map((row) => ({ ...row, details: JSON.parse(row.details ?? 'null') as unknown }));
const adminId = async () =>
  (
    await db()
      .selectFrom('admin_users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id;

/** The device token a successful sign-in sets. */
function deviceToken(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'ws_device');
  if (!cookie) throw new Error(`no ws_device cookie in ${String(response.headers['set-cookie'])}`);
  return cookie.value;
}

/** Signs `username` in from `remoteAddress` (a known device when `device` is given). */
function attempt(password: string, remoteAddress: string, device?: string, username = 'admin') {
  return login(
    t,
    { username, password },
    { remoteAddress, ...(device === undefined ? {} : { cookies: { ws_device: device } }) },
  );
}

/** A browser that has signed in before, from the admin's usual address. */
async function knownDevice(username = 'admin', password = PASSWORD): Promise<string> {
  return deviceToken(await attempt(password, ADMIN_HOME, undefined, username));
}

/** `count` wrong passwords for 'admin' from the attacker's address, one after another. */
async function attack(count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await attempt(`wrong guess ${i}`, ATTACKER);
    statuses.push(response.statusCode);
    if (response.statusCode === 401) {
      expect(response.json()).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' },
      });
    } else {
      expectLockedOut(response);
    }
  }
  return statuses;
}

describe(`the device cookie on ${TEST_ENGINE}`, () => {
  it('a sign-in sets ws_device: HttpOnly, SameSite=Strict, Path=/, 180 days; only its hash is kept', async () => {
    const response = await attempt(PASSWORD, ADMIN_HOME);
    const raw = [response.headers['set-cookie']].flat().find((c) => c?.startsWith('ws_device='));
    expect(raw).toMatch(DEVICE_COOKIE);
    expect(raw).toContain('HttpOnly');
    expect(raw).toContain('SameSite=Strict');
    expect(raw).toMatch(/Path=\/(;|$)/);
    expect(raw).toContain(`Max-Age=${180 * 24 * 60 * 60}`);
    expect(raw).not.toMatch(/Secure|Domain=/i);
    const token = deviceToken(response);
    const rows = await db().selectFrom('known_devices').selectAll().execute();
    const mine = rows.filter((r) => r.id === hashSessionToken(token));
    expect(mine).toEqual([
      {
        id: hashSessionToken(token),
        admin_user_id: await adminId(),
        created_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('behind an HTTPS proxy it is __Host-ws_device, Secure, and makes the browser a known device', async () => {
    const proxied = await buildTestApp(
      { adminPassword: PASSWORD, trustProxy: true },
      { clock: adminClock },
    );
    try {
      const https = { headers: { ...OURS, 'x-forwarded-proto': 'https' } };
      const first = await login(proxied, { username: 'admin', password: PASSWORD }, https);
      expect(first.statusCode).toBe(200);
      const raw = [first.headers['set-cookie']]
        .flat()
        .find((c) => c?.startsWith('__Host-ws_device='));
      expect(raw).toMatch(/^__Host-ws_device=[A-Za-z0-9_-]{43};/);
      expect(raw).toContain('Secure');
      expect(raw).toContain('HttpOnly');
      expect(raw).toContain('SameSite=Strict');
      expect(raw).toMatch(/Path=\/(;|$)/);
      expect(raw).not.toMatch(/Domain=/i);
      const device = sessionCookie(first, '__Host-ws_device').value;
      for (let i = 0; i < 5; i++) {
        const wrong = await login(proxied, { username: 'admin', password: `wrong ${i}` }, https);
        expect(wrong.statusCode).toBe(401);
      }
      expectLockedOut(await login(proxied, { username: 'admin', password: PASSWORD }, https));
      const known = await login(
        proxied,
        { username: 'admin', password: PASSWORD },
        { ...https, cookies: { '__Host-ws_device': device } },
      );
      expect(known.statusCode, known.body).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe(`failures from elsewhere never lock a known device out on ${TEST_ENGINE}`, () => {
  it('50 wrong passwords from another address, then the admin on a known device signs in at once', async () => {
    const device = await knownDevice();
    await db().deleteFrom('audit_log').execute();

    const statuses = await attack(50);
    // Five guesses are checked; the other 45 are refused, and write no failure.
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual(Array(45).fill(429));
    expect(await failureRows()).toHaveLength(5);

    const known = await attempt(PASSWORD, ADMIN_HOME, device);
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json()).toEqual({
      username: 'admin',
      role: 'admin',
      twoFactorEnabled: false,
      twoFactorSetupRequired: false,
    });
    expect((await whoAmI(t, sessionCookie(known).value)).statusCode).toBe(200);
    // The device gets a new token; the admin's success leaves the attacker's lock in place.
    expect(deviceToken(known)).not.toBe(device);
    expect(await failureRows()).toHaveLength(5);
  });

  it('the attacker’s address stays limited, and a third address is slowed, while known devices get in', async () => {
    const device = await knownDevice();
    await attack(5);
    // From the attacker's address, even the right password (an unknown device).
    expectLockedOut(await attempt(PASSWORD, ATTACKER));
    // Another account from the attacker's address: the address itself is limited.
    await createAdmin(db(), OTHER, OTHER_PASSWORD, undefined, new Date());
    expectLockedOut(await attempt(OTHER_PASSWORD, ATTACKER, undefined, OTHER));
    // An unknown device from a third address: the account's unknown devices wait.
    expectLockedOut(await attempt(PASSWORD, THIRD));
    // ...but that is no lock for known devices, from any address, the attacker's too.
    const again = await attempt(PASSWORD, THIRD, device);
    expect(again.statusCode, again.body).toBe(200);
    const fromAttackerAddress = await attempt(PASSWORD, ATTACKER, deviceToken(again));
    expect(fromAttackerAddress.statusCode, fromAttackerAddress.body).toBe(200);
    // The other admin, from their own address, is not held back by the attacker's address.
    expect((await attempt(OTHER_PASSWORD, freshAddress(), undefined, OTHER)).statusCode).toBe(200);
  });

  it('a forged, replaced or other account’s device cookie is an unknown device', async () => {
    await createAdmin(db(), OTHER, OTHER_PASSWORD, undefined, new Date());
    const othersDevice = await knownDevice(OTHER, OTHER_PASSWORD);
    const replaced = await knownDevice();
    // Signing in again replaces this browser's token: the old one is forgotten.
    await attempt(PASSWORD, ADMIN_HOME, replaced);
    await attack(5);
    const forged = 'A'.repeat(43);
    for (const cookie of [forged, 'not a token', replaced, othersDevice]) {
      expectLockedOut(await attempt(PASSWORD, ADMIN_HOME, cookie));
    }
  });

  it('a known device has its own budget: 5 wrong passwords on it lock that device alone', async () => {
    const device = await knownDevice();
    const id = await adminId();
    await db().deleteFrom('audit_log').execute();
    for (let i = 0; i < 5; i++) {
      const response = await attempt(`typo ${i}`, ADMIN_HOME, device);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('Invalid credentials');
    }
    expectLockedOut(await attempt(PASSWORD, ADMIN_HOME, device));
    // The account is not locked for other browsers, nor the address for unknown ones.
    expect((await attempt(PASSWORD, ADMIN_HOME)).statusCode).toBe(200);
    expect(await lockouts()).toEqual([
      {
        actor: 'admin',
        admin_user_id: id,
        entity_type: 'admin_user',
        details: { locked: 'this device', minutes: 15 },
      },
    ]);
  });

  it('an unknown device’s success clears the account’s failures from its own address only', async () => {
    // Three guesses at 'admin' and two at a name that is no account's: the attacker's address is
    // locked, the account (3 failures, then the admin's own typo: 4) not yet.
    await attack(3);
    for (let i = 0; i < 2; i++) {
      const guess = await attempt(`guess ${i}`, ATTACKER, undefined, 'no-such-admin');
      expect(guess.statusCode).toBe(401);
    }
    expectLockedOut(await attempt(PASSWORD, ATTACKER));
    expect((await attempt('a typo', THIRD)).statusCode).toBe(401);

    const admin = await attempt(PASSWORD, THIRD);
    expect(admin.statusCode, admin.body).toBe(200);
    // The attacker's address stays locked: its five failures stay; only the admin's typo is gone.
    expectLockedOut(await attempt('another guess', ATTACKER));
    expectLockedOut(await attempt('guess 2', ATTACKER, undefined, 'no-such-admin'));
    const left = await failureRows();
    expect(left).toHaveLength(5);
    expect(left.every((row) => row.ip === ATTACKER)).toBe(true);
  });

  it('the audit log records the account’s and the address’s lockout once each', async () => {
    const id = await adminId();
    await attack(20);
    // Both locks come with the fifth failure, in the same millisecond: in no set order.
    const rows = await lockouts();
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          actor: 'admin',
          admin_user_id: id,
          entity_type: 'admin_user',
          details: { locked: 'unknown devices of the account', minutes: 15 },
        },
        {
          actor: 'admin',
          admin_user_id: id,
          entity_type: 'admin_user',
          details: { locked: 'the address', minutes: 15, address: ATTACKER },
        },
      ]),
    );
    // Guesses at names that are no account's lock the address, recorded without the name typed.
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      await attempt('whatever it is', address, undefined, `my-secret-password-${i}`);
    }
    const last = (await lockouts()).at(-1);
    expect(last).toEqual({
      actor: '(unknown user)',
      admin_user_id: null,
      entity_type: null,
      details: { locked: 'the address', minutes: 15, address },
    });
  });
});

describe(`a signed-in admin’s password confirmations on ${TEST_ENGINE}`, () => {
  const change = (token: string, currentPassword: string, newPassword = 'a brand new password') =>
    asAdmin(t, token, 'POST', '/api/admin/account/password', { currentPassword, newPassword });

  it('are not refused by the sign-in lock, but have their own limit per session', async () => {
    const mine = await signIn(t, 'admin', PASSWORD);
    const borrowed = await signIn(t, 'admin', PASSWORD);
    await attack(10);
    expectLockedOut(await attempt(PASSWORD, THIRD));

    // Five wrong confirmations in one session, then that session waits, even with the right one.
    for (let i = 0; i < 5; i++) {
      const response = await change(borrowed, `wrong ${i}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({
        currentPassword: 'The current password is not right.',
      });
    }
    expectLockedOut(await change(borrowed, PASSWORD));
    const sessionLocks = (await lockouts()).filter((row) =>
      (row.details as { locked: string }).locked.includes('session'),
    );
    expect(sessionLocks).toEqual([
      {
        actor: 'admin',
        admin_user_id: await adminId(),
        entity_type: 'admin_user',
        details: { locked: 'password confirmations of this session', minutes: 15 },
      },
    ]);

    // The admin's own session confirms at once, despite both locks.
    const changed = await change(mine, PASSWORD);
    expect(changed.statusCode, changed.body).toBe(204);
    // A new password lifts the account's locks: the new one signs in from anywhere.
    expect((await attempt('a brand new password', THIRD)).statusCode).toBe(200);
  });
});

describe(`new credentials forget the account’s known devices, on ${TEST_ENGINE}`, () => {
  const COMMAND_LINE = { adminUserId: null, username: 'command line' };
  const NEW_PASSWORD = 'a password after the theft';

  /** A browser's session and device tokens, from its successful sign-in. */
  const browserOf = (response: LightMyRequestResponse) => ({
    session: sessionCookie(response).value,
    device: deviceToken(response),
  });
  type Browser = ReturnType<typeof browserOf>;

  /** A request from a signed-in browser, with both its cookies. */
  const fromBrowser = (browser: Browser, method: HTTPMethods, url: string, payload?: object) =>
    fastifyOf(t).inject({
      method,
      url,
      headers: OURS,
      cookies: { ws_session: browser.session, ws_device: browser.device },
      remoteAddress: ADMIN_HOME,
      ...(payload === undefined ? {} : { payload }),
    });

  /** Five wrong passwords from five addresses: unknown devices of 'admin' wait, no address does. */
  async function lockUnknownDevices() {
    for (let i = 0; i < 5; i++) {
      expect((await attempt(`wrong ${i}`, freshAddress())).statusCode).toBe(401);
    }
    expectLockedOut(await attempt(PASSWORD, freshAddress()));
  }

  const devicesOfAdmin = async () =>
    (
      await db()
        .selectFrom('known_devices')
        .select('id')
        .where('admin_user_id', '=', await adminId())
        .execute()
    ).map((row) => row.id);

  it('changing the password forgets the browser that signed in with the stolen one, not this one', async () => {
    const stolen = browserOf(await attempt(PASSWORD, ATTACKER));
    const own = browserOf(await attempt(PASSWORD, ADMIN_HOME));
    const changed = await fromBrowser(own, 'POST', '/api/admin/account/password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await devicesOfAdmin()).toEqual([hashSessionToken(own.device)]);

    await lockUnknownDevices();
    // The thief's browser is an unknown device now: it waits with the others.
    expectLockedOut(await attempt(NEW_PASSWORD, ATTACKER, stolen.device));
    // The browser that made the change is still known.
    const again = await attempt(NEW_PASSWORD, ADMIN_HOME, own.device);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('turning two-factor on forgets the browsers that signed in with the password alone', async () => {
    const stolen = browserOf(await attempt(PASSWORD, ATTACKER));
    const own = browserOf(await attempt(PASSWORD, ADMIN_HOME));
    const setup = await fromBrowser(own, 'POST', `${TWO_FACTOR_URL}/setup`);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const at = await clearOfStepBoundary();
    const enabled = await fromBrowser(own, 'POST', `${TWO_FACTOR_URL}/enable`, {
      code: totpCode(secret, at - STEP_MS),
      password: PASSWORD,
    });
    expect(enabled.statusCode, enabled.body).toBe(200);

    await lockUnknownDevices();
    expectLockedOut(await attempt(PASSWORD, ATTACKER, stolen.device));
    const again = await login(
      t,
      { username: 'admin', password: PASSWORD, code: totpCode(secret, at) },
      { remoteAddress: ADMIN_HOME, cookies: { ws_device: own.device } },
    );
    expect(again.statusCode, again.body).toBe(200);
  });

  it('turning two-factor off forgets the account’s other browsers', async () => {
    const { secret, recoveryCodes } = await turnOnTwoFactor(
      t,
      await signIn(t, 'admin', PASSWORD),
      PASSWORD,
    );
    const withCode = (code: string) =>
      login(t, { username: 'admin', password: PASSWORD, code }, { remoteAddress: ADMIN_HOME });
    const own = browserOf(await withCode(totpCode(secret)));
    const other = browserOf(await withCode(recoveryCodes[0] ?? ''));

    const off = await fromBrowser(own, 'POST', `${TWO_FACTOR_URL}/disable`, { password: PASSWORD });
    expect(off.statusCode, off.body).toBe(204);
    expect(await devicesOfAdmin()).toEqual([hashSessionToken(own.device)]);

    await lockUnknownDevices();
    expectLockedOut(await attempt(PASSWORD, ADMIN_HOME, other.device));
    expect((await attempt(PASSWORD, ADMIN_HOME, own.device)).statusCode).toBe(200);
  });

  it('the command line’s reset-password and reset-two-factor forget every browser of the account', async () => {
    const laptop = browserOf(await attempt(PASSWORD, ADMIN_HOME));
    await setPassword(db(), 'admin', NEW_PASSWORD, { actor: COMMAND_LINE, now: new Date() });
    expect(await devicesOfAdmin()).toEqual([]);
    await lockUnknownDevices();
    expectLockedOut(await attempt(NEW_PASSWORD, ADMIN_HOME, laptop.device));

    // An admin who lost their phone: the browsers that signed in with it are forgotten too.
    await unlockAdmin(db(), 'admin', COMMAND_LINE, new Date());
    const token = await signIn(t, 'admin', NEW_PASSWORD);
    const { secret } = await turnOnTwoFactor(t, token, NEW_PASSWORD);
    const phone = browserOf(
      await login(
        t,
        { username: 'admin', password: NEW_PASSWORD, code: totpCode(secret) },
        { remoteAddress: ADMIN_HOME },
      ),
    );
    await turnOffTwoFactor(db(), 'admin', COMMAND_LINE, {
      endSessions: true,
      action: 'admin_user.two-factor-reset',
      now: new Date(),
    });
    expect(await devicesOfAdmin()).toEqual([]);
    await lockUnknownDevices();
    expectLockedOut(await attempt(NEW_PASSWORD, ADMIN_HOME, phone.device));
  });
});

describe(`what the command line's unlock and reset-password do, on ${TEST_ENGINE}`, () => {
  const COMMAND_LINE = { adminUserId: null, username: 'command line' };

  it('unlockAdmin clears every lock on the account and is audited; setPassword clears them too', async () => {
    const device = await knownDevice();
    await attack(5);
    for (let i = 0; i < 5; i++) await attempt(`typo ${i}`, ADMIN_HOME, device);
    expectLockedOut(await attempt(PASSWORD, ADMIN_HOME, device));
    expectLockedOut(await attempt(PASSWORD, THIRD));

    await unlockAdmin(db(), 'admin', COMMAND_LINE, new Date());
    expect(await failureRows()).toEqual([]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor', 'action', 'entity_id', 'details'])
      .where('action', '=', 'admin_user.unlock')
      .execute();
    expect(audit).toEqual([
      {
        actor: 'command line',
        action: 'admin_user.unlock',
        entity_id: await adminId(),
        details: JSON.stringify({ username: 'admin' }),
      },
    ]);
    expect((await attempt(PASSWORD, THIRD)).statusCode).toBe(200);

    await attack(5);
    expectLockedOut(await attempt(PASSWORD, THIRD));
    await setPassword(db(), 'admin', 'a password after the attack', {
      actor: COMMAND_LINE,
      now: new Date(),
    });
    expect(await failureRows()).toEqual([]);
    expect((await attempt('a password after the attack', THIRD)).statusCode).toBe(200);
  });

  it('unlocking an unknown admin is a 404 AppError and writes nothing', async () => {
    await expect(unlockAdmin(db(), 'ghost', COMMAND_LINE, new Date())).rejects.toMatchObject({
      statusCode: 404,
      message: 'No admin named ghost',
    });
    expect(await db().selectFrom('audit_log').select('id').execute()).toEqual([]);
  });
});
