import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  adminClock,
  asAdmin,
  expectLockedOut,
  freshAddress,
  login,
  sessionCookie,
  signIn,
  useAdminTestApp,
  whoAmI,
} from '../../../../tests/setup/admin-session.ts';
import { OUR_CLIENT_HEADERS } from '../../../../tests/setup/test-app.ts';
import { TEST_ENGINE } from '../../../../tests/setup/test-database.ts';
import { createAccount } from './accounts.service.ts';
import { INVALID_EMAIL_CODE, SIGN_IN_CODE_REQUESTED } from './sign-in-codes.ts';

/*
 * Five wrong passwords from anywhere lock an account on every browser without its device cookie;
 * its owner still gets in from a new one with the right password and a one-time code e-mailed to
 * the account's address on request. Asking tells nobody anything; no password is checked past the
 * lock without a live code; wrong, expired and reused codes are refused alike.
 */

const t = useAdminTestApp();
const db = () => t.app.deps.db;
const JUROR = 'meera';
const JUROR_EMAIL = 'meera@jury.example';
const PASSWORD = 'meera’s own long password';
const MINUTE = 60_000;

beforeEach(async () => {
  for (const table of ['email_outbox', 'sign_in_codes'] as const) {
    await db().deleteFrom(table).execute();
  }
  await createAccount(
    db(),
    {
      username: JUROR,
      password: PASSWORD,
      juror: { displayName: 'Meera Iyer', email: JUROR_EMAIL },
    },
    undefined,
    new Date(),
  );
});

const attempt = (password: string, extra: Record<string, unknown> = {}, address = freshAddress()) =>
  login(t, { username: JUROR, password, ...extra }, { remoteAddress: address });

/** Five wrong passwords, each from an address of its own: the account is locked, no address is. */
async function lockFromElsewhere() {
  for (let i = 0; i < 5; i++) {
    expect((await attempt(`wrong guess ${i}`)).statusCode).toBe(401);
  }
}

const codeMails = () =>
  db()
    .selectFrom('email_outbox')
    .select(['to_address', 'subject', 'body_text', 'body_html'])
    .where('kind', '=', 'sign-in-code')
    .orderBy('created_at')
    .execute();

async function lastCode(): Promise<string> {
  const text = (await codeMails()).at(-1)?.body_text ?? '';
  const code = /^(\d{8})$/m.exec(text)?.[1];
  if (!code) throw new Error(`no code in ${text}`);
  return code;
}

function expectCodeRefused(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json()).toEqual({
    error: { code: 'INVALID_EMAIL_CODE', message: INVALID_EMAIL_CODE },
  });
  expect(response.headers['set-cookie']).toBeUndefined();
}

/** Asks for a code for `username`: always the same 202. */
async function askForCode(username = JUROR, address = freshAddress()) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in-code',
    headers: OUR_CLIENT_HEADERS,
    payload: { username },
    remoteAddress: address,
  });
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json()).toEqual({ message: SIGN_IN_CODE_REQUESTED });
}

const otherCode = (code: string) => String((Number(code) + 1) % 100_000_000).padStart(8, '0');

describe(`a locked account's owner on a new browser, on ${TEST_ENGINE}`, () => {
  it('is locked out, asks for a code by e-mail, then signs in with the password and the code', async () => {
    await lockFromElsewhere();
    const home = freshAddress();
    expectLockedOut(await attempt(PASSWORD, {}, home));
    expect(await codeMails()).toEqual([]);
    await askForCode(JUROR, home);
    const mails = await codeMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: JUROR_EMAIL,
      subject: 'Your sign-in code for White Stroke International Art Space',
    });
    expect(mails[0]?.body_text).toContain('Hello Meera Iyer,');
    const code = await lastCode();
    // Only the code's hash is kept.
    const stored = await db().selectFrom('sign_in_codes').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(code);

    const response = await attempt(PASSWORD, { emailCode: code }, home);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ username: JUROR, role: 'juror' });
    expect((await whoAmI(t, sessionCookie(response).value)).statusCode).toBe(200);
    // The browser is known from now on: failures elsewhere no longer keep it out.
    expect(response.cookies.map((c) => c.name)).toContain('ws_device');
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', 'in', ['auth.sign-in-code-sent', 'auth.sign-in'])
      .orderBy('created_at')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['auth.sign-in-code-sent', 'auth.sign-in']);
    expect(JSON.parse(audit[1]?.details ?? '{}')).toEqual({ pastLock: 'e-mailed code' });
  });

  it('asking sends nothing for an account that is not locked, unknown, or without an address, and answers alike', async () => {
    await askForCode(JUROR);
    await askForCode('no-such-account');
    for (let i = 0; i < 5; i++) {
      expect((await login(t, { username: 'admin', password: `guess ${i}` })).statusCode).toBe(401);
    }
    await askForCode('admin');
    expect(await codeMails()).toEqual([]);
  });

  it('refuses a wrong code, the right code with a wrong password, and a code used once already', async () => {
    await lockFromElsewhere();
    await askForCode();
    const code = await lastCode();
    expectCodeRefused(await attempt(PASSWORD, { emailCode: otherCode(code) }));
    expectCodeRefused(await attempt('a wrong password', { emailCode: code }));
    expect((await attempt(PASSWORD, { emailCode: code })).statusCode).toBe(200);
    expectCodeRefused(await attempt(PASSWORD, { emailCode: code }));
  });

  it('refuses a code after 15 minutes', async () => {
    await lockFromElsewhere();
    await askForCode();
    const code = await lastCode();
    adminClock.advance(16 * MINUTE);
    // Locked again by then: the old code no longer opens it.
    await lockFromElsewhere();
    expectCodeRefused(await attempt(PASSWORD, { emailCode: code }));
  });

  it('a code dies after 5 wrong tries, and an account is sent at most 3 codes in 15 minutes', async () => {
    await lockFromElsewhere();
    await askForCode();
    const code = await lastCode();
    for (let i = 0; i < 5; i++) {
      expectCodeRefused(await attempt(PASSWORD, { emailCode: otherCode(code) }));
    }
    expectCodeRefused(await attempt(PASSWORD, { emailCode: code }));
    for (let i = 0; i < 4; i++) await askForCode();
    expect(await codeMails()).toHaveLength(3);
  });

  it('without a live code no password is checked past the lock: a wrong code counts for its address', async () => {
    await lockFromElsewhere();
    const home = freshAddress();
    await askForCode(JUROR, home);
    const code = await lastCode();
    const hashChecks = await db().selectFrom('login_failures').select('id').execute();
    for (let i = 0; i < 5; i++) {
      expectCodeRefused(await attempt(PASSWORD, { emailCode: `1234567${i}` }, home));
    }
    expect((await db().selectFrom('login_failures').select('id').execute()).length).toBe(
      hashChecks.length + 5,
    );
    expectLockedOut(await attempt(PASSWORD, { emailCode: code }, home));
  });

  it('an admin gives an e-mail address (password asked) and gets in through it too', async () => {
    const token = await signIn(t, 'admin', ADMIN_PASSWORD);
    const put = (body: unknown) => asAdmin(t, token, 'PUT', '/api/admin/account/email', body);
    const account = async () => (await asAdmin(t, token, 'GET', '/api/admin/account')).json();
    expect(await account()).toEqual({ email: null });
    const bad = await put({ password: ADMIN_PASSWORD, email: 'victim;attacker@evil.example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ email: 'Enter a valid e-mail address' });
    const wrong = await put({ password: 'not the password', email: 'desk@whitestroke.example' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'The current password is not right.' });
    expect(
      (await put({ password: ADMIN_PASSWORD, email: 'Desk@WhiteStroke.example' })).statusCode,
    ).toBe(204);
    expect(await account()).toEqual({ email: 'desk@whitestroke.example' });

    for (let i = 0; i < 5; i++) {
      expect((await login(t, { username: 'admin', password: `guess ${i}` })).statusCode).toBe(401);
    }
    const home = freshAddress();
    await askForCode('admin', home);
    expect((await codeMails()).map((mail) => mail.to_address)).toEqual([
      'desk@whitestroke.example',
    ]);
    const response = await login(
      t,
      { username: 'admin', password: ADMIN_PASSWORD, emailCode: await lastCode() },
      { remoteAddress: home },
    );
    expect(response.statusCode, response.body).toBe(200);
  });
});
