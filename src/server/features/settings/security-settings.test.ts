import type { HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD as PASSWORD,
  asAdmin,
  auditActions,
  auditRows,
  clearOfStepBoundary,
  login,
  routesFromRouter,
  sessionCookie,
  signIn,
  totpCode,
  TWO_FACTOR_URL as TF,
  turnOnTwoFactor,
  useAdminTestApp,
  whoAmI,
} from '../../../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS as OURS } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { DEFAULT_SECURITY_SETTINGS } from '../../../shared/schemas/security-settings.ts';
import { createAdmin } from '../auth/accounts.service.ts';
import { hashSessionToken } from '../auth/sessions.ts';

/*
 * The security settings (two-factor for every admin, session timeouts), what requiring
 * two-factor does to an admin without it, and sessions following the timeouts at once.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const OTHER = 'second.admin';
const OTHER_PASSWORD = 'another password, long enough';
const SETTINGS_URL = '/api/admin/security-settings';
const MINUTE_MS = 60_000;
const DEFAULTS = { requireTwoFactor: false, sessionIdleMinutes: 120, sessionAbsoluteHours: 12 };
const SETUP_REQUIRED = {
  error: {
    code: 'TWO_FACTOR_SETUP_REQUIRED',
    message: 'Turn on two-factor sign-in for your account to continue.',
  },
};

async function storedSecurity(): Promise<unknown> {
  const row = await db().selectFrom('site_settings').select('data').executeTakeFirst();
  return row ? (JSON.parse(row.data) as { security?: unknown }).security : undefined;
}

describe(`GET and PUT ${SETTINGS_URL} on ${TEST_ENGINE}`, () => {
  it('answers the defaults: two-factor not required, idle 120 minutes, absolute 12 hours', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    expect(DEFAULT_SECURITY_SETTINGS).toEqual(DEFAULTS);
    const response = await asAdmin(t, token, 'GET', SETTINGS_URL);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULTS);
    const anonymous = await t.app.inject({ method: 'GET', url: SETTINGS_URL });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    const anonymousPut = await t.app.inject({
      method: 'PUT',
      url: SETTINGS_URL,
      headers: OURS,
      payload: { ...DEFAULTS, sessionIdleMinutes: 30 },
    });
    expect(anonymousPut.statusCode).toBe(401);
  });

  it('refuses bad values with a 400 naming each field, and saves nothing', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const before = await storedSecurity();
    const cases: [string, unknown, string[]][] = [
      ['idle 4 minutes', { ...DEFAULTS, sessionIdleMinutes: 4 }, ['sessionIdleMinutes']],
      [
        'idle 1441 minutes',
        { ...DEFAULTS, sessionIdleMinutes: 1441, sessionAbsoluteHours: 168 },
        ['sessionIdleMinutes'],
      ],
      ['0 hours', { ...DEFAULTS, sessionAbsoluteHours: 0 }, ['sessionAbsoluteHours']],
      ['169 hours', { ...DEFAULTS, sessionAbsoluteHours: 169 }, ['sessionAbsoluteHours']],
      ['fractional minutes', { ...DEFAULTS, sessionIdleMinutes: 30.5 }, ['sessionIdleMinutes']],
      ['fractional hours', { ...DEFAULTS, sessionAbsoluteHours: 1.5 }, ['sessionAbsoluteHours']],
      ['minutes as a string', { ...DEFAULTS, sessionIdleMinutes: '60' }, ['sessionIdleMinutes']],
      ['hours as a string', { ...DEFAULTS, sessionAbsoluteHours: '12' }, ['sessionAbsoluteHours']],
      ['requirement as a string', { ...DEFAULTS, requireTwoFactor: 'yes' }, ['requireTwoFactor']],
      ['null minutes', { ...DEFAULTS, sessionIdleMinutes: null }, ['sessionIdleMinutes']],
      [
        'both out of range',
        { requireTwoFactor: false, sessionIdleMinutes: 4, sessionAbsoluteHours: 0 },
        ['sessionIdleMinutes', 'sessionAbsoluteHours'],
      ],
      [
        'idle longer than absolute',
        { ...DEFAULTS, sessionIdleMinutes: 61, sessionAbsoluteHours: 1 },
        ['sessionIdleMinutes'],
      ],
    ];
    for (const [label, payload, fields] of cases) {
      const response = await asAdmin(t, token, 'PUT', SETTINGS_URL, payload);
      expect(response.statusCode, label).toBe(400);
      const { error } = response.json();
      expect(error.code, label).toBe('VALIDATION_ERROR');
      expect(typeof error.message, label).toBe('string');
      for (const field of fields) {
        expect(error.fields, label).toHaveProperty(field);
        expect(typeof error.fields[field], label).toBe('string');
      }
    }
    const longer = await asAdmin(t, token, 'PUT', SETTINGS_URL, {
      ...DEFAULTS,
      sessionIdleMinutes: 61,
      sessionAbsoluteHours: 1,
    });
    expect(longer.json().error.fields.sessionIdleMinutes).toBe(
      'The idle timeout cannot be longer than the absolute lifetime',
    );
    const low = await asAdmin(t, token, 'PUT', SETTINGS_URL, {
      ...DEFAULTS,
      sessionIdleMinutes: 4,
    });
    expect(low.json().error.fields.sessionIdleMinutes).toBe('At least 5 minutes');
    const high = await asAdmin(t, token, 'PUT', SETTINGS_URL, {
      ...DEFAULTS,
      sessionAbsoluteHours: 169,
    });
    expect(high.json().error.fields.sessionAbsoluteHours).toBe('At most 168 hours (7 days)');

    expect((await asAdmin(t, token, 'GET', SETTINGS_URL)).json()).toEqual(DEFAULTS);
    expect(await storedSecurity()).toEqual(before);
    expect(await auditActions(db())).not.toContain('settings.security-update');
  });

  it('refuses a partial body with a 400 naming each missing field; nothing saved or audited', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    // A saved change first, so a partial body cannot pass for "no change" by resetting to defaults.
    const saved = { requireTwoFactor: false, sessionIdleMinutes: 30, sessionAbsoluteHours: 8 };
    const first = await asAdmin(t, token, 'PUT', SETTINGS_URL, saved);
    expect(first.statusCode, first.body).toBe(200);
    expect(await storedSecurity()).toEqual(saved);
    await db().deleteFrom('audit_log').execute();

    const cases: [unknown, string[]][] = [
      [{ sessionIdleMinutes: 30 }, ['requireTwoFactor', 'sessionAbsoluteHours']],
      [{ sessionAbsoluteHours: 24 }, ['requireTwoFactor', 'sessionIdleMinutes']],
      [{ requireTwoFactor: false }, ['sessionAbsoluteHours', 'sessionIdleMinutes']],
      [{ requireTwoFactor: false, sessionIdleMinutes: 45 }, ['sessionAbsoluteHours']],
      [{ sessionIdleMinutes: 60, sessionAbsoluteHours: 2 }, ['requireTwoFactor']],
      [{}, ['requireTwoFactor', 'sessionAbsoluteHours', 'sessionIdleMinutes']],
    ];
    for (const [payload, missing] of cases) {
      const label = JSON.stringify(payload);
      const response = await asAdmin(t, token, 'PUT', SETTINGS_URL, payload);
      expect(response.statusCode, label).toBe(400);
      const { error } = response.json();
      expect(error.code, label).toBe('VALIDATION_ERROR');
      // Exactly the missing fields: the ones sent are not blamed.
      expect(Object.keys(error.fields).sort(), label).toEqual(missing);
      for (const field of missing) expect(typeof error.fields[field], label).toBe('string');
    }

    expect((await asAdmin(t, token, 'GET', SETTINGS_URL)).json()).toEqual(saved);
    expect(await storedSecurity()).toEqual(saved);
    expect((await t.app.deps.settings.getSettings()).security).toEqual(saved);
    expect(await auditActions(db())).not.toContain('settings.security-update');
    // The sessions follow the saved settings still: a new one lives 8 hours.
    const response = await login(t, { username: 'admin', password: PASSWORD });
    expect(sessionCookie(response).maxAge).toBe(8 * 3600);
  });

  it('accepts the limits themselves: idle 5 and 1440 minutes, 1 and 168 hours', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    for (const body of [
      { requireTwoFactor: false, sessionIdleMinutes: 5, sessionAbsoluteHours: 1 },
      { requireTwoFactor: false, sessionIdleMinutes: 60, sessionAbsoluteHours: 1 },
      { requireTwoFactor: false, sessionIdleMinutes: 1440, sessionAbsoluteHours: 168 },
    ]) {
      const response = await asAdmin(t, token, 'PUT', SETTINGS_URL, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expect(response.json()).toEqual(body);
    }
  });

  it('requiring two-factor while one’s own is off is 409 OWN_TWO_FACTOR_REQUIRED; nothing saved', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const before = await storedSecurity();
    const response = await asAdmin(t, token, 'PUT', SETTINGS_URL, {
      requireTwoFactor: true,
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 4,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'OWN_TWO_FACTOR_REQUIRED',
        message: 'Turn on two-factor for your own account before requiring it for every admin.',
      },
    });
    expect((await asAdmin(t, token, 'GET', SETTINGS_URL)).json()).toEqual(DEFAULTS);
    expect(await storedSecurity()).toEqual(before);
    expect(await auditActions(db())).toEqual(['auth.sign-in']);
    // The admin is not locked out.
    expect((await asAdmin(t, token, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
  });

  it('saves a valid change, audits it and shows it on GET; the public settings never show it', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const { id } = await db()
      .selectFrom('admin_users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const publicBefore = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(publicBefore.statusCode).toBe(200);
    expect(publicBefore.json()).not.toHaveProperty('security');
    await db().deleteFrom('audit_log').execute();

    const change = { requireTwoFactor: false, sessionIdleMinutes: 30, sessionAbsoluteHours: 8 };
    const response = await asAdmin(t, token, 'PUT', SETTINGS_URL, change);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(change);
    expect((await asAdmin(t, token, 'GET', SETTINGS_URL)).json()).toEqual(change);
    expect(await storedSecurity()).toEqual(change);
    expect((await t.app.deps.settings.getSettings()).security).toEqual(change);

    const rows = await auditRows(db());
    expect(rows.map((r) => r.action)).toEqual(['settings.security-update']);
    expect(rows[0]).toMatchObject({ actor: 'admin', admin_user_id: id });
    expect(JSON.parse(rows[0]?.details ?? 'null')).toEqual(change);

    const publicAfter = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(publicAfter.statusCode).toBe(200);
    expect(publicAfter.json()).not.toHaveProperty('security');
    for (const key of [
      'security',
      'requireTwoFactor',
      'sessionIdleMinutes',
      'sessionAbsoluteHours',
    ]) {
      expect(publicAfter.body).not.toContain(key);
    }
  });

  it('an admin with two-factor on may require it of everyone', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    await turnOnTwoFactor(t, token, PASSWORD);
    await db().deleteFrom('audit_log').execute();
    const response = await asAdmin(t, token, 'PUT', SETTINGS_URL, {
      ...DEFAULTS,
      requireTwoFactor: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...DEFAULTS, requireTwoFactor: true });
    expect((await asAdmin(t, token, 'GET', SETTINGS_URL)).json()).toEqual({
      ...DEFAULTS,
      requireTwoFactor: true,
    });
    expect(await auditActions(db())).toEqual(['settings.security-update']);
    expect((await asAdmin(t, token, 'GET', TF)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: true,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json()).not.toHaveProperty(
      'security',
    );
  });
});

describe(`two-factor required for every admin on ${TEST_ENGINE}`, () => {
  /** The seeded admin turns two-factor on and requires it; a second admin has none. */
  async function requireTwoFactorOfEveryone(): Promise<void> {
    const token = await signIn(t, 'admin', PASSWORD);
    await turnOnTwoFactor(t, token, PASSWORD);
    const response = await asAdmin(t, token, 'PUT', SETTINGS_URL, {
      ...DEFAULTS,
      requireTwoFactor: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    await createAdmin(db(), OTHER, OTHER_PASSWORD, undefined, new Date());
  }

  it('an admin without it signs in with the password alone, told to set it up', async () => {
    await requireTwoFactorOfEveryone();
    const response = await login(t, { username: OTHER, password: OTHER_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      username: OTHER,
      role: 'admin',
      twoFactorEnabled: false,
      twoFactorSetupRequired: true,
    };
    expect(response.json()).toEqual(expected);
    const token = sessionCookie(response).value;
    const session = await whoAmI(t, token);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(expected);
  });

  it('every /api/admin route but the two-factor ones answers 403 TWO_FACTOR_SETUP_REQUIRED', async () => {
    await requireTwoFactorOfEveryone();
    const token = await signIn(t, OTHER, OTHER_PASSWORD);
    const { id: adminId } = await db()
      .selectFrom('admin_users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();

    // Named ones first, with bodies that would succeed if they got through.
    const named: [HTTPMethods, string, unknown][] = [
      ['GET', '/api/admin/dashboard', undefined],
      ['GET', '/api/admin/users', undefined],
      ['POST', '/api/admin/users', { username: 'intruder', password: 'long enough password' }],
      ['DELETE', `/api/admin/users/${adminId}`, undefined],
      ['GET', '/api/admin/audit-log', undefined],
      ['GET', SETTINGS_URL, undefined],
      ['PUT', SETTINGS_URL, { ...DEFAULTS }],
      [
        'POST',
        '/api/admin/account/password',
        { currentPassword: OTHER_PASSWORD, newPassword: 'a brand new password here' },
      ],
      ['GET', '/api/admin/dashboard?next=/api/admin/account/two-factor', undefined],
      ['GET', '/api/%61dmin/dashboard', undefined],
    ];
    for (const [method, url, payload] of named) {
      const response = await asAdmin(t, token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toEqual(SETUP_REQUIRED);
    }

    // Then every admin route the router knows.
    const adminRoutes = routesFromRouter(t).filter(
      (r) => r.url.startsWith('/api/admin/') && !r.url.startsWith(TF),
    );
    expect(adminRoutes.length).toBeGreaterThan(8);
    for (const route of adminRoutes) {
      const url = route.url.replace(/:[^/]+/g, 'x').replace(/\*/g, 'x');
      const response = await asAdmin(t, token, route.method as HTTPMethods, url);
      expect(response.statusCode, `${route.method} ${url}`).toBe(403);
      if (route.method !== 'HEAD') {
        expect(response.json(), `${route.method} ${url}`).toEqual(SETUP_REQUIRED);
      }
    }

    // Nothing went through.
    const names = await db().selectFrom('admin_users').select('username').execute();
    expect(names.map((r) => r.username).sort()).toEqual(['admin', OTHER]);
    expect((await asAdmin(t, token, 'GET', TF)).statusCode).toBe(200);
    await signIn(t, OTHER, OTHER_PASSWORD);
  });

  it('the two-factor routes work, and once it is on the admin area opens', async () => {
    await requireTwoFactorOfEveryone();
    const token = await signIn(t, OTHER, OTHER_PASSWORD);
    const before = await asAdmin(t, token, 'GET', TF);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: true });
    expect((await asAdmin(t, token, 'GET', '/api/admin/dashboard')).statusCode).toBe(403);

    const { secret } = await turnOnTwoFactor(t, token, OTHER_PASSWORD);
    const dashboard = await asAdmin(t, token, 'GET', '/api/admin/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json()).toMatchObject({ totalCompetitions: expect.any(Number) });
    expect((await asAdmin(t, token, 'GET', '/api/admin/users')).statusCode).toBe(200);
    expect((await whoAmI(t, token)).json()).toEqual({
      username: OTHER,
      role: 'admin',
      twoFactorEnabled: true,
      twoFactorSetupRequired: false,
    });

    // Turning it off again is refused while the setting stands.
    const disable = await asAdmin(t, token, 'POST', `${TF}/disable`, { password: OTHER_PASSWORD });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().error.code).toBe('TWO_FACTOR_REQUIRED_BY_SETTING');

    // The next sign-in asks for the code.
    const passwordOnly = await login(t, { username: OTHER, password: OTHER_PASSWORD });
    expect(passwordOnly.statusCode).toBe(401);
    expect(passwordOnly.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    await clearOfStepBoundary();
    await signIn(t, OTHER, OTHER_PASSWORD, { code: totpCode(secret) });
  });

  it('lifting the requirement lets an admin without two-factor in at once', async () => {
    await requireTwoFactorOfEveryone();
    const other = await signIn(t, OTHER, OTHER_PASSWORD);
    expect((await asAdmin(t, other, 'GET', '/api/admin/dashboard')).statusCode).toBe(403);
    await t.app.deps.settings.updateSettings({ security: { ...DEFAULTS } });
    expect((await asAdmin(t, other, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
    expect((await whoAmI(t, other)).json()).toMatchObject({ twoFactorSetupRequired: false });
  });
});

describe(`session timeouts follow the settings at once on ${TEST_ENGINE}`, () => {
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

  it('a lower idle timeout ends a session idle for longer, and deletes it', async () => {
    const mine = await signIn(t, 'admin', PASSWORD);
    const idle = await signIn(t, 'admin', PASSWORD);
    const idleId = hashSessionToken(idle);
    const setLastSeen = (ms: number) =>
      db()
        .updateTable('sessions')
        .set({ last_seen_at: ago(ms) })
        .where('id', '=', idleId)
        .execute();

    // Under the default 120 minutes, 6 minutes idle is nothing.
    await setLastSeen(6 * MINUTE_MS);
    expect((await asAdmin(t, idle, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);

    const lowered = await asAdmin(t, mine, 'PUT', SETTINGS_URL, {
      ...DEFAULTS,
      sessionIdleMinutes: 5,
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const fresh = await signIn(t, 'admin', PASSWORD);
    const freshId = hashSessionToken(fresh);
    await db()
      .updateTable('sessions')
      .set({ last_seen_at: ago(4 * MINUTE_MS) })
      .where('id', '=', freshId)
      .execute();
    await setLastSeen(6 * MINUTE_MS);

    const refused = await asAdmin(t, idle, 'GET', '/api/admin/dashboard');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('UNAUTHENTICATED');
    expect(
      await db().selectFrom('sessions').select('id').where('id', '=', idleId).execute(),
    ).toEqual([]);
    expect((await whoAmI(t, idle)).statusCode).toBe(401);
    // Four minutes idle is still within five.
    expect((await asAdmin(t, fresh, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
    expect((await asAdmin(t, mine, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
  });

  it('a lower absolute lifetime ends a session opened longer ago, however active', async () => {
    const mine = await signIn(t, 'admin', PASSWORD);
    const old = await signIn(t, 'admin', PASSWORD);
    const younger = await signIn(t, 'admin', PASSWORD);
    const setCreated = (token: string, ms: number) =>
      db()
        .updateTable('sessions')
        .set({ created_at: ago(ms), last_seen_at: ago(0) })
        .where('id', '=', hashSessionToken(token))
        .execute();

    await setCreated(old, 61 * MINUTE_MS);
    await setCreated(younger, 59 * MINUTE_MS);
    // Under the default 12 hours both are fine.
    expect((await whoAmI(t, old)).statusCode).toBe(200);

    const lowered = await asAdmin(t, mine, 'PUT', SETTINGS_URL, {
      ...DEFAULTS,
      sessionIdleMinutes: 60,
      sessionAbsoluteHours: 1,
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const refused = await asAdmin(t, old, 'GET', '/api/admin/dashboard');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('UNAUTHENTICATED');
    const oldRows = await db()
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', hashSessionToken(old))
      .execute();
    expect(oldRows).toEqual([]);
    expect((await asAdmin(t, younger, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
    expect((await asAdmin(t, mine, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
  });

  it('the session cookie lives as long as the absolute lifetime: Max-Age = hours × 3600', async () => {
    const before = await login(t, { username: 'admin', password: PASSWORD });
    expect(sessionCookie(before).maxAge).toBe(12 * 3600);
    expect(String(before.headers['set-cookie'])).toContain('Max-Age=43200');
    const token = sessionCookie(before).value;

    for (const hours of [3, 1, 168]) {
      const idle = Math.min(120, hours * 60);
      const saved = await asAdmin(t, token, 'PUT', SETTINGS_URL, {
        ...DEFAULTS,
        sessionIdleMinutes: idle,
        sessionAbsoluteHours: hours,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const response = await login(t, { username: 'admin', password: PASSWORD });
      expect(response.statusCode).toBe(200);
      const cookie = sessionCookie(response);
      expect(cookie.maxAge, `${hours} h`).toBe(hours * 3600);
      expect(String(response.headers['set-cookie'])).toContain(`Max-Age=${hours * 3600}`);
      const row = await db()
        .selectFrom('sessions')
        .select(['created_at', 'expires_at'])
        .where('id', '=', hashSessionToken(cookie.value))
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(hours * 3600 * 1000);
    }
  });
});
