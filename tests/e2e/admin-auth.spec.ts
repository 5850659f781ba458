/*
 * The sign-in journeys: signing in with and without two-factor, the spinner while the session is
 * checked, coming back to the wanted page after sign-in, logout, and a failed sign-in. Every
 * journey that changes an account uses one of its own (admin-fixtures.ts).
 *
 * The server allows 5 failed sign-ins per address in 15 minutes, and the whole suite comes from
 * 127.0.0.1: only two journeys here fail on purpose.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  createAdminAccount,
  enableTwoFactorByApi,
  FIRST_ADMIN,
  REFUSED_SIGN_IN,
  SIGNED_OUT_CHECK,
  signInThroughApi,
  submitSignIn,
  totpCode,
} from './admin-fixtures.ts';
import {
  DEMO_DRAFTS,
  DEMO_ENTRIES,
  DEMO_LISTING,
  expect,
  expectPageHeading,
  test,
} from './fixtures.ts';

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** The path of the admin area's chunk (everything behind sign-in), read from the build's manifest. */
function adminAreaChunk(): string {
  const manifestFile = path.resolve(import.meta.dirname, '../../dist/client/.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest['features/admin/admin-area.tsx'];
  if (!chunk) throw new Error('The build has no admin area chunk');
  return `/${chunk.file}`;
}

test.describe('admin sign-in', () => {
  test('shows a full-screen spinner while the session is checked', async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(SIGNED_OUT_CHECK);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/dashboard');
    const spinner = page.getByRole('status').filter({ hasText: 'Loading…' });
    await expect(spinner).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    release();
    await expect(spinner).toHaveCount(0);
    await expectPageHeading(page, 'Admin Login');
  });

  test('the sign-in page comes without the admin area, fetched once when the form is first used', async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(SIGNED_OUT_CHECK);
    const area = adminAreaChunk();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/admin');
    await expectPageHeading(page, 'Admin Login');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts).not.toContain(area);

    const fetched = page.waitForRequest((request) => new URL(request.url()).pathname === area);
    await page.getByLabel('Username').focus();
    await fetched;
    await submitSignIn(page, FIRST_ADMIN);
    await expect(page).toHaveURL('/admin/dashboard');
    await expectPageHeading(page, 'Dashboard');
    expect(scripts.filter((script) => script === area)).toHaveLength(1);
  });

  test('signs in without two-factor and lands on the dashboard with real numbers', async ({
    page,
    baseURL,
    expectConsoleError,
  }) => {
    expectConsoleError(SIGNED_OUT_CHECK);
    const account = await createAdminAccount(baseURL ?? '', 'plain');
    await page.goto('/admin');
    await expectPageHeading(page, 'Admin Login');
    await submitSignIn(page, account);
    await expect(page).toHaveURL('/admin/dashboard');
    await expectPageHeading(page, 'Dashboard');
    const stat = (term: string) => page.getByRole('term').filter({ hasText: term }).locator('+ dd');
    await expect(stat('Total Competitions')).toHaveText(
      String(DEMO_LISTING.length + DEMO_DRAFTS.length),
    );
    await expect(stat('Total Categories')).toHaveText('2');
    // The demo's entries (fixtures.ts), none of them paid for; the
    // growth is what the dashboard's API says (it depends on today's date within the month).
    await expect(stat('Participants')).toHaveText(String(DEMO_ENTRIES));
    const dashboard = await page.request.get('/api/admin/dashboard');
    const { monthlyGrowthPercent } = (await dashboard.json()) as {
      monthlyGrowthPercent: number | null;
    };
    await expect(stat('Monthly Growth')).toHaveText(
      monthlyGrowthPercent === null
        ? 'No data'
        : `${Math.round(monthlyGrowthPercent) > 0 ? '+' : ''}${Math.round(monthlyGrowthPercent)}%`,
    );
    await expect(stat('Revenue')).toHaveText('₹0');
    for (const label of [
      'Dashboard',
      'Competitions',
      'Categories',
      'Submissions',
      'Video Settings',
      'Banner Settings',
      'Site Settings',
      'Outbox',
      'E-mail Templates',
      'Account',
      'Audit Log',
    ]) {
      await expect(adminNav(page).getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(adminNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // No credential or token in the page's storage: the session is an HttpOnly cookie.
    const stored = await page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    );
    expect(stored).toBe('{}');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'ws_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('ws_session');
  });

  test('a wrong password shows the seed message and stays on the sign-in page', async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(SIGNED_OUT_CHECK);
    expectConsoleError(REFUSED_SIGN_IN);
    await page.goto('/admin');
    await submitSignIn(page, { username: FIRST_ADMIN.username, password: 'not the password!' });
    await expect(alertWith(page, 'Invalid credentials')).toBeVisible();
    await expect(page).toHaveURL('/admin');
    await expectPageHeading(page, 'Admin Login');
  });

  test('comes back to the page it wanted after sign-in', async ({ page, expectConsoleError }) => {
    expectConsoleError(SIGNED_OUT_CHECK);
    await page.goto('/admin/audit-log?page=1');
    await expect(page).toHaveURL('/admin');
    await expectPageHeading(page, 'Admin Login');
    await submitSignIn(page, FIRST_ADMIN);
    await expect(page).toHaveURL('/admin/audit-log?page=1');
    await expectPageHeading(page, 'Audit Log');
    await expect(page.getByRole('cell', { name: 'auth.sign-in' }).first()).toBeVisible();
  });

  test('a signed-in admin visiting /admin or an unknown admin path goes to the dashboard', async ({
    page,
  }) => {
    await signInThroughApi(page.request, FIRST_ADMIN);
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin/dashboard');
    await expectPageHeading(page, 'Dashboard');
    await page.goto('/admin/no-such-screen');
    await expect(page).toHaveURL('/admin/dashboard');
    await adminNav(page).getByRole('link', { name: 'Banner Settings' }).click();
    await expectPageHeading(page, 'Banner Settings');
  });

  test('logout ends the session on the server and returns to /admin', async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(SIGNED_OUT_CHECK);
    await signInThroughApi(page.request, FIRST_ADMIN);
    const token = (await page.context().cookies()).find((c) => c.name === 'ws_session')?.value;
    await page.goto('/admin/account');
    await expectPageHeading(page, 'Account');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/admin');
    await expectPageHeading(page, 'Admin Login');
    // The old token signs nobody in any more, even if it was copied before logout.
    const replay = await page.request.get('/api/auth/session', {
      headers: { cookie: `ws_session=${token ?? ''}` },
    });
    expect(replay.status()).toBe(401);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL('/admin');
  });
});

test.describe('two-factor sign-in', () => {
  test('an admin turns on two-factor, saves the recovery codes and signs in with a code', async ({
    page,
    baseURL,
    expectConsoleError,
  }) => {
    // Logout leads to the sign-in page; the password alone answers 'code needed' (401).
    expectConsoleError(REFUSED_SIGN_IN);
    const account = await createAdminAccount(baseURL ?? '', 'totp');
    await signInThroughApi(page.request, account);
    await page.goto('/admin/account');
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await section.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(
      section.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    // 'Or enter this key', in groups of four for reading aloud.
    const key = await section.getByRole('definition').textContent();
    const secret = (key ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const enableCode = totpCode(secret);
    await section.getByLabel('Authentication code').fill(enableCode);
    await section.getByLabel('Your password').fill(account.password);
    await section.getByRole('button', { name: 'Confirm' }).click();

    const codes = page.getByRole('region', { name: 'Recovery Codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    // The admins table says so at once, without loading the page again.
    const ownRow = page
      .getByRole('table', { name: 'Admin accounts' })
      .getByRole('row')
      .filter({ hasText: account.username });
    await expect(ownRow.getByRole('cell').nth(1)).toHaveText('On');
    await expect(codes.first()).toHaveText(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(codes).toHaveCount(0);
    await expect(section).toContainText('10 recovery codes left');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/admin');
    await submitSignIn(page, account);
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeFocused();
    await expect(page.getByText(`Signing in as ${account.username}`)).toBeVisible();
    // The enabling code's time step is used up, and the page says so: the app's next
    // code is the one that works. (This browser signed in before: the failure is its own.)
    await code.fill(enableCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      alertWith(page, 'This code has already been used. Wait for the next one.'),
    ).toBeVisible();
    await code.fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/admin/dashboard');
    await expectPageHeading(page, 'Dashboard');
  });

  test('a recovery code signs in once; a wrong code is refused', async ({
    page,
    baseURL,
    expectConsoleError,
  }) => {
    expectConsoleError(SIGNED_OUT_CHECK);
    expectConsoleError(REFUSED_SIGN_IN);
    const account = await createAdminAccount(baseURL ?? '', 'recovery');
    const { recoveryCodes } = await enableTwoFactorByApi(baseURL ?? '', account);
    await page.goto('/admin/account');
    await expect(page).toHaveURL('/admin');
    await submitSignIn(page, account);
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(alertWith(page, 'Invalid code')).toBeVisible();
    await page.getByLabel('Authentication code').fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    // Sent to sign in from the account page: back there once signed in.
    await expect(page).toHaveURL('/admin/account');
    await expect(page.getByRole('region', { name: 'Two-factor authentication' })).toContainText(
      '9 recovery codes left',
    );
  });
});
