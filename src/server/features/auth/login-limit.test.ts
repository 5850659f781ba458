import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD as PASSWORD,
  asAdmin,
  auditRows,
  expectLockedOut,
  freshAddress,
  login,
  signIn,
  turnOnTwoFactor,
  useAdminTestApp,
  whoAmI,
  wrongCode,
} from '../../../../tests/setup/admin-session.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { createAdmin } from './accounts.service.ts';

/*
 * The sign-in limit against many guesses at once: every check of a password or code
 * reserves its failure before counting, so a burst of parallel requests gets no more than the 5
 * guesses a patient attacker gets, and the attempts it refuses leave nothing behind. Also what a
 * failed sign-in writes to the audit log.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
/** Five failures for one username or one address within 15 minutes. */
const LIMIT = 5;
const BURST = 20;
const OTHER = 'other.admin';
const OTHER_PASSWORD = 'the other admin’s password';

/** `count` requests made by `send` all at once. */
const burst = (send: (i: number) => Promise<LightMyRequestResponse>, count = BURST) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i)));

/**
 * Expects at most five answers of a burst to be the check's own (`status` with `code`) and every
 * other to be the limit's 429 with a Retry-After and no cookie; returns how many were checked.
 * Unless `fresh` is false (the limit may already be spent), at least one must have been checked:
 * a limiter that refused everything would otherwise pass.
 */
function expectAtMostFiveChecked(
  responses: LightMyRequestResponse[],
  status: number,
  code: string,
  { fresh = true }: { fresh?: boolean } = {},
): number {
  const checked = responses.filter((r) => r.statusCode === status);
  expect(checked.length).toBeLessThanOrEqual(LIMIT);
  if (fresh) expect(checked.length).toBeGreaterThanOrEqual(1);
  for (const response of checked) expect(response.json().error.code).toBe(code);
  for (const response of responses.filter((r) => r.statusCode !== status)) {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    // How long exactly is the business of the test 'the wait announced is never more than …'.
    expect(response.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(response.headers['set-cookie']).toBeUndefined();
  }
  return checked.length;
}

const failures = () => db().selectFrom('login_failures').selectAll().execute();
const failuresOf = async (username: string) =>
  (await failures()).filter((row) => row.username === username);
const auditCount = async (action: string) =>
  (await auditRows(db())).filter((row) => row.action === action).length;
const sessionCount = async () => (await db().selectFrom('sessions').select('id').execute()).length;
const passwordHash = async (username: string) =>
  (
    await db()
      .selectFrom('admin_users')
      .select('password_hash')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).password_hash;

describe(`parallel guesses at sign-in on ${TEST_ENGINE}`, () => {
  it('20 wrong passwords for one username from 20 addresses at once: at most 5 are checked', async () => {
    const responses = await burst((i) => login(t, { username: 'admin', password: `wrong ${i}` }));
    const checked = expectAtMostFiveChecked(responses, 401, 'INVALID_CREDENTIALS');
    // One stored failure and one audit entry for each password checked; none for those refused.
    expect(await failuresOf('admin')).toHaveLength(checked);
    expect(await auditCount('auth.sign-in-failed')).toBe(checked);
    expect(await sessionCount()).toBe(0);

    // A second burst gets only what the first left of the 5.
    const again = await burst((i) => login(t, { username: 'admin', password: `again ${i}` }));
    const checkedAgain = expectAtMostFiveChecked(again, 401, 'INVALID_CREDENTIALS', {
      fresh: false,
    });
    expect(checked + checkedAgain).toBeLessThanOrEqual(LIMIT);
    expect(await failuresOf('admin')).toHaveLength(checked + checkedAgain);
  });

  it('20 sign-ins from one address with 20 usernames at once: at most 5 are checked', async () => {
    const address = freshAddress();
    const responses = await burst((i) =>
      login(t, { username: `guess-${i}`, password: 'whatever it is' }, { remoteAddress: address }),
    );
    const checked = expectAtMostFiveChecked(responses, 401, 'INVALID_CREDENTIALS');
    const stored = (await failures()).filter((row) => row.ip === address);
    expect(stored).toHaveLength(checked);
    expect(await auditCount('auth.sign-in-failed')).toBe(checked);
  });

  it('20 wrong two-factor codes at once, with the right password: at most 5 are checked', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const { secret } = await turnOnTwoFactor(t, token, PASSWORD);
    expect(await failures()).toEqual([]);
    const code = wrongCode(secret);
    const responses = await burst(() => login(t, { username: 'admin', password: PASSWORD, code }));
    const checked = expectAtMostFiveChecked(responses, 401, 'INVALID_CODE');
    expect(await failuresOf('admin')).toHaveLength(checked);
    expect(await auditCount('auth.two-factor-failed')).toBe(checked);
    expect(await auditCount('auth.sign-in')).toBe(1);
    // Only the session that turned two-factor on.
    expect(await sessionCount()).toBe(1);
  });

  it('20 wrong current passwords at once on POST /api/admin/account/password: at most 5 are checked', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const before = await passwordHash('admin');
    const responses = await burst((i) =>
      asAdmin(t, token, 'POST', '/api/admin/account/password', {
        currentPassword: `wrong ${i}`,
        newPassword: 'a brand new password here',
      }),
    );
    const checked = expectAtMostFiveChecked(responses, 400, 'VALIDATION_ERROR');
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(response.json().error.fields).toHaveProperty('currentPassword');
    }
    expect(await failuresOf('admin')).toHaveLength(checked);
    expect(await auditCount('account.password-check-failed')).toBe(checked);
    expect(await passwordHash('admin')).toBe(before);
    // A wrong current password does not end the session that typed it.
    expect((await whoAmI(t, token)).statusCode).toBe(200);
  });

  it('a correct sign-in of a fresh username from a fresh address gets in, and leaves no failure', async () => {
    await createAdmin(db(), OTHER, OTHER_PASSWORD, undefined, new Date());
    const token = await signIn(t, OTHER, OTHER_PASSWORD);
    expect((await whoAmI(t, token)).statusCode).toBe(200);
    expect(await failures()).toEqual([]);
  });

  it('a correct sign-in in the middle of a burst against another username still gets in', async () => {
    await createAdmin(db(), OTHER, OTHER_PASSWORD, undefined, new Date());
    const [own, ...guesses] = await Promise.all([
      login(t, { username: OTHER, password: OTHER_PASSWORD }),
      ...Array.from({ length: BURST }, (_, i) =>
        login(t, { username: 'admin', password: `wrong ${i}` }),
      ),
    ]);
    expect(own?.statusCode, own?.body).toBe(200);
    expectAtMostFiveChecked(guesses, 401, 'INVALID_CREDENTIALS', { fresh: false });
    expect(await failuresOf(OTHER)).toEqual([]);
  });

  it('the wait announced is never more than the 15-minute window, however the failures were timed', async () => {
    // Parallel attempts each stamp their failure with the moment they began, and the one that
    // began later may store it first: an attempt refused then finds failures a little younger
    // than itself. Made plain here with failures stamped two seconds after this attempt begins.
    const later = new Date(Date.now() + 2_000).toISOString();
    for (let i = 0; i < LIMIT; i++) {
      await db()
        .insertInto('login_failures')
        .values({ id: `later-${i}`, username: 'admin', ip: freshAddress(), failed_at: later })
        .execute();
    }
    const response = await login(t, { username: 'admin', password: PASSWORD });
    // Failures saved a moment after this attempt started: the wait is still at most the window.
    expectLockedOut(response);
  });

  it('a sign-in that only gets TWO_FACTOR_REQUIRED leaves no failure, alone or 20 at once', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    await turnOnTwoFactor(t, token, PASSWORD);
    const alone = await login(t, { username: 'admin', password: PASSWORD });
    expect(alone.statusCode).toBe(401);
    expect(alone.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    expect(await failures()).toEqual([]);

    const responses = await burst(() => login(t, { username: 'admin', password: PASSWORD }));
    for (const response of responses) {
      expect([401, 429], response.body).toContain(response.statusCode);
      if (response.statusCode === 401) {
        expect(response.json().error.code).toBe('TWO_FACTOR_REQUIRED');
      }
    }
    // Whether checked or refused, none of them was a failure.
    expect(await failures()).toEqual([]);
  });
});

describe(`what a failed sign-in writes to the audit log on ${TEST_ENGINE}`, () => {
  const everything = () => db().selectFrom('audit_log').selectAll().execute();

  it('an unknown username is recorded as (unknown user), never as the text typed', async () => {
    // People type their password into the username field; the admin's own, say.
    for (const typed of ['Tr0ub4dor&3-my-real-password', PASSWORD]) {
      const response = await login(t, { username: typed, password: 'whatever it is' });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('INVALID_CREDENTIALS');
    }
    const rows = await everything();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        action: 'auth.sign-in-failed',
        actor: '(unknown user)',
        admin_user_id: null,
        entity_type: null,
        entity_id: null,
        details: null,
      });
    }
    const written = JSON.stringify(rows);
    expect(written).not.toContain('Tr0ub4dor');
    expect(written).not.toContain(PASSWORD);
    expect(written).not.toContain('whatever it is');
  });

  it('a wrong password for a real account records the account’s username', async () => {
    const admin = await db()
      .selectFrom('admin_users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    // The username as typed, spaces around it, is the account's once trimmed.
    for (const username of ['admin', '  admin ']) {
      const response = await login(t, { username, password: 'not the password' });
      expect(response.statusCode).toBe(401);
    }
    const rows = await everything();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        action: 'auth.sign-in-failed',
        actor: 'admin',
        admin_user_id: admin.id,
        details: null,
      });
    }
    expect(JSON.stringify(rows)).not.toContain('not the password');
  });

  it('a wrong code for a real account records the account’s username, and no code', async () => {
    const token = await signIn(t, 'admin', PASSWORD);
    const { secret } = await turnOnTwoFactor(t, token, PASSWORD);
    const code = wrongCode(secret);
    const response = await login(t, { username: 'admin', password: PASSWORD, code });
    expect(response.statusCode).toBe(401);
    const failed = (await everything()).filter((r) => r.action === 'auth.two-factor-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ actor: 'admin', details: null });
    expect(JSON.stringify(await everything())).not.toContain(code);
  });
});
