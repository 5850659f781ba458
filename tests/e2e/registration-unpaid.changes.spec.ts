/*
 * A paid entry whose fee is not received is never called successful, and
 * the form does not take a second entry while this browser's first one waits for its fee. These
 * journeys register, so they run with the ones that change the site's data. Each browser here
 * names a client address of its own (X-Forwarded-For, as registerThroughApi does), so its
 * registrations never use up the 10 in 10 minutes of the suite's other browsers at 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { findFreePort } from '../../scripts/lib/free-port.ts';
import {
  CLIENT_DIR,
  type RunningServer,
  startServer,
  stopServer,
  waitUntilReady,
} from '../../scripts/lib/server.ts';
import { FAKE_KEY_ID, FAKE_KEY_SECRET, FAKE_WEBHOOK_SECRET } from '../setup/fake-razorpay.ts';
import { apiSignedInAs, FIRST_ADMIN } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEMO, expect, expectPageHeading, getCompetition, test } from './fixtures.ts';
import {
  ARTIST,
  fillValidForm,
  nextClientAddress,
  openRegistration,
  receiptValue,
  registerPath,
  submitButton,
} from './registration-fixtures.ts';

const C = DEMO.competitions;
const REFERENCE = /^WS-\d{4}-\d{6}$/;
const NOT_COMPLETE = 'Your entry is saved, but it is not complete until the entry fee is paid.';
const LINK_IN_EMAIL = 'The link to come back to this page is in your confirmation e-mail.';

// Each journey fills the whole form with pictures and waits for the server: give it time.
test.slow();

const checkout = (page: Page) => page.getByRole('dialog', { name: 'Test payment' });
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const artist = (name: string) => ({
  ...ARTIST,
  email: `${name}-${randomBytes(3).toString('hex')}@example.com`,
});

/** Every address the page's main frame has been at, in-app navigations included. */
function visited(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

/** The seed's toast, then the pending page: the entry saved, not complete, and how to pay. */
async function expectPendingPage(page: Page, message: string, urls: string[]) {
  await expect(toast(page, message)).toBeVisible();
  await expect(page).toHaveURL(/\/entry#.+/);
  await expectPageHeading(page, 'Your entry');
  await expect(page.getByText(NOT_COMPLETE)).toBeVisible();
  await expect(receiptValue(page, 'Reference')).toHaveText(REFERENCE);
  await expect(receiptValue(page, 'Payment')).toHaveText('Payment Pending (₹499)');
  await expect(page.getByRole('button', { name: 'Complete payment' })).toBeVisible();
  await expect(page.getByText(LINK_IN_EMAIL)).toBeVisible();
  await expect(page.getByText('Registration Successful!')).toHaveCount(0);
  expect(urls.filter((url) => url.includes('/registration-success'))).toEqual([]);
}

for (const [choice, message] of [
  ['Cancel', 'Payment cancelled'],
  ['Fail', 'Payment failed'],
] as const) {
  test(`'${choice}' in the checkout: '${message}', then the pending page, never 'Registration Successful!'`, async ({
    page,
    request,
    expectConsoleError,
  }) => {
    // The test checkout's Fail is answered 402, which the browser logs.
    if (choice === 'Fail') {
      expectConsoleError({ text: /status of 402/, url: /\/api\/payments\/test-checkout\// });
    }
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': nextClientAddress() });
    const urls = visited(page);
    await openRegistration(page, request, C.portraits);
    await fillValidForm(page, artist(choice.toLowerCase()));
    await submitButton(page).click();
    await checkout(page).getByRole('button', { name: choice }).click();
    await expectPendingPage(page, message, urls);
    if (choice === 'Cancel') await expectNoAxeViolations(page, 'the pending page');

    // A reload shows the same: the page is the entry's, read from the server.
    await page.reload();
    await expect(page.getByText(NOT_COMPLETE)).toBeVisible();
    await expect(receiptValue(page, 'Reference')).toHaveText(REFERENCE);
  });
}

test("Back while the checkout is open, then 'Complete payment': the first entry is paid, and there is no second", async ({
  page,
  request,
  baseURL,
}) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': nextClientAddress() });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/submissions')) posts.push(r.url());
  });
  const who = artist('back');
  const competition = await getCompetition(request, C.portraits);
  await page.goto(`/competition/${competition.id}`);
  await page.getByRole('link', { name: 'Register Now' }).click();
  await expectPageHeading(page, 'Register');
  await fillValidForm(page, who);
  await submitButton(page).click();
  await expect(checkout(page)).toBeVisible();
  const reference = (await checkout(page).locator('dt:text-is("Reference") + dd').textContent())!;
  expect(reference).toMatch(REFERENCE);

  // Back leaves the form with the checkout open; Forward brings the form back, which offers that
  // entry rather than a blank form.
  await page.goBack();
  await expectPageHeading(page, C.portraits);
  await page.goForward();
  const offer = page.getByRole('region', { name: 'Your entry is waiting for its fee' });
  await expect(offer).toContainText(reference);
  await expect(offer).toContainText(
    'It is saved, but it is not complete until the entry fee of ₹499 is paid.',
  );
  await expect(submitButton(page)).toHaveCount(0);
  await expectNoAxeViolations(page, 'the offer to pay for the unpaid entry');

  // A reload, and a second tab, offer the same.
  await page.reload();
  await expect(offer).toContainText(reference);
  const second = await page.context().newPage();
  await second.goto(registerPath(competition.id));
  await expect(
    second.getByRole('region', { name: 'Your entry is waiting for its fee' }),
  ).toContainText(reference);

  // 'Complete payment' opens the checkout for that same entry; paid, it is a success.
  await offer.getByRole('button', { name: 'Complete payment' }).click();
  await expect(checkout(page)).toContainText(reference);
  await checkout(page).getByRole('button', { name: 'Pay ₹499' }).click();
  await expect(page).toHaveURL('/registration-success');
  await expectPageHeading(page, 'Registration Successful!');
  await expect(receiptValue(page, 'Your reference')).toHaveText(reference);
  await expect(receiptValue(page, 'Payment')).toHaveText('Paid: ₹499');

  // The other tab hears it was paid and forgets it: its form is blank again, for a new entry.
  await expect(second.getByRole('form', { name: 'Registration' })).toBeVisible();
  await second.close();
  // And so does this one.
  await page.goto(registerPath(competition.id));
  await expect(submitButton(page)).toBeVisible();
  await expect(offer).toHaveCount(0);

  expect(posts).toHaveLength(1);
  const admin = await apiSignedInAs(baseURL!, FIRST_ADMIN);
  const listed = await admin.get(`/api/admin/submissions?q=${encodeURIComponent(who.email)}`);
  expect(listed.status(), await listed.text()).toBe(200);
  const { items } = (await listed.json()) as {
    items: { reference: string; email: string; paymentState: string }[];
  };
  expect(items.map((i) => [i.reference, i.email, i.paymentState])).toEqual([
    [reference, who.email, 'received'],
  ]);
  await admin.dispose();
});

test.describe('with Razorpay configured but unreachable', () => {
  let server: RunningServer | undefined;
  let base = '';
  let dataDir = '';

  // A server of its own: the suite's runs without Razorpay keys (its test checkout).
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const [port, closedPort] = [await findFreePort(), await findFreePort()];
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'white-stroke-e2e-razorpay-'));
    server = startServer(
      'the server with Razorpay unreachable',
      'src/server/main.ts',
      {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        CLIENT_DIR,
        ADMIN_PASSWORD: 'e2e-admin-password-not-secret',
        LOG_LEVEL: 'fatal',
        NODE_ENV: 'test',
        SEED_DEMO: 'true',
        RAZORPAY_KEY_ID: FAKE_KEY_ID,
        RAZORPAY_KEY_SECRET: FAKE_KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
        // Nobody listens there: every call to Razorpay is refused.
        RAZORPAY_API_URL: `http://127.0.0.1:${closedPort}`,
      },
      (message) => console.error(message),
    );
    await waitUntilReady(server, `${base}/api/health`);
  });

  // SIGTERM, and SIGKILL if it has not gone after a bounded wait: never waits for ever.
  test.afterAll(async () => {
    if (server) await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("'Failed to initialize payment', then the pending page, never 'Registration Successful!'", async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError({ text: /status of 502/, url: /\/api\/payments\/orders$/ });
    const urls = visited(page);
    const listed = await fetch(`${base}/api/competitions`);
    const competitions = (await listed.json()) as { id: string; title: string }[];
    const portraits = competitions.find((c) => c.title === C.portraits)!;
    await page.goto(`${base}${registerPath(portraits.id)}`);
    await expectPageHeading(page, 'Register');
    // The form is drawn before its script runs: a picture chosen earlier is lost (at load 10 it was).
    await expect(submitButton(page)).toBeEnabled();
    await fillValidForm(page, artist('unreachable'));
    await submitButton(page).click();
    await expectPendingPage(page, 'Failed to initialize payment', urls);
    expect(new URL(page.url()).origin).toBe(base);
  });
});
