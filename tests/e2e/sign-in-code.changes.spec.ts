/*
 * A locked account's owner gets in from a new browser: the admin gives their e-mail address on
 * the Account page; in another browser five wrong passwords (each from an address of its own, as
 * an attacker's would be) lock the account on unknown browsers; the owner asks for a code by
 * e-mail, and the password with that code signs in. The journey uses an admin of its own, so the
 * suite's first admin is never locked.
 */
import type { APIRequestContext } from '@playwright/test';
import {
  createAdminAccount,
  REFUSED_SIGN_IN,
  SIGNED_OUT_CHECK,
  signInThroughApi,
  submitSignIn,
} from './admin-fixtures.ts';
import { expect, expectPageHeading, test } from './fixtures.ts';
import { nextClientAddress } from './registration-fixtures.ts';
import { codeInMail } from '../setup/mailed-code.ts';

const CODE_SUBJECT = /^Your sign-in code for /;

interface OutboxItem {
  id: string;
  to: string;
  subject: string;
}

/** The eight-digit code of the newest sign-in code mail to `to`, read from the admin's Outbox. */
async function codeMailedTo(api: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const list = (await (await api.get('/api/admin/outbox')).json()) as { messages: OutboxItem[] };
    const mail = list.messages.find((item) => item.to === to && CODE_SUBJECT.test(item.subject));
    expect(mail, 'no sign-in code mail yet').toBeDefined();
    const detail = (await (await api.get(`/api/admin/outbox/${mail?.id}`)).json()) as {
      text: string;
    };
    code = codeInMail(detail.text, 8) ?? '';
    expect(code).not.toBe('');
  }).toPass({ timeout: 20_000 });
  return code;
}

test('a locked admin signs in from a new browser with the password and an e-mailed code', async ({
  page,
  browser,
  baseURL,
  expectConsoleError,
}) => {
  expectConsoleError(SIGNED_OUT_CHECK);
  expectConsoleError(REFUSED_SIGN_IN);
  expectConsoleError({ text: /status of 429/, url: /\/api\/auth\/login$/ });
  const account = await createAdminAccount(baseURL ?? '', 'coded');
  const email = `${account.username}@whitestroke.example`;

  // The first browser: the admin gives their address on the Account page.
  const known = await browser.newContext({ baseURL });
  const adminPage = await known.newPage();
  await signInThroughApi(adminPage.request, account);
  await adminPage.goto('/admin/account');
  await expectPageHeading(adminPage, 'Account');
  const section = adminPage.getByRole('region', { name: 'E-mail address' });
  await expect(section).toContainText('No e-mail address is set.');
  await section.getByLabel('E-mail address').fill(email);
  await section.getByLabel('Current password').fill(account.password);
  await section.getByRole('button', { name: 'Save e-mail address' }).click();
  await expect(
    adminPage.getByRole('status').filter({ hasText: 'E-mail address saved.' }),
  ).toBeVisible();
  await expect(section).toContainText(`Sign-in codes go to ${email}`);

  // A fresh browser: five wrong passwords, each from another address, lock the account there.
  await page.goto('/admin');
  await expectPageHeading(page, 'Admin Login');
  for (let i = 0; i < 5; i++) {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': nextClientAddress() });
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await submitSignIn(page, { username: account.username, password: `wrong guess ${i}` });
    expect((await refused).status()).toBe(401);
  }

  // The owner, from an address of their own: the right password is refused, a code is offered.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': nextClientAddress() });
  const locked = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await submitSignIn(page, account);
  expect((await locked).status()).toBe(429);
  await page.getByRole('button', { name: 'E-mail me a sign-in code' }).click();
  const codeField = page.getByLabel('Code from the e-mail');
  await expect(codeField).toBeVisible();

  await codeField.fill(await codeMailedTo(adminPage.request, email));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectPageHeading(page, 'Dashboard');
  await known.close();
});
