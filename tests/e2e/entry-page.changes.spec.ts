/*
 * The artist's entry page, opened with the link from their e-mail (/entry#<token>),
 * 'Lost your link?', and the admin's entry page with its refunds. The journeys register (the
 * dashboard counts the entries, the Outbox keeps their mail), so they run with the ones that
 * change the site's data. The browser's registrations come from 127.0.0.1, which may register 10
 * times in 10 minutes across the whole suite: this file sends one. Registrations through the API
 * come from an address of their own each (registerThroughApi) and count against no one else's.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { FIRST_ADMIN, readOutboxMessage, signInThroughApi } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEMO, expect, expectPageHeading, failedToLoad, test as base } from './fixtures.ts';
import {
  ARTIST,
  field,
  fillValidForm,
  openRegistration,
  receiptValue,
  registerThroughApi,
  submitButton,
  tabTo,
} from './registration-fixtures.ts';

const C = DEMO.competitions;
const REFERENCE = /^WS-\d{4}-\d{6}$/;
const LINK_INVALID = 'This link is not valid or has expired.';
/** LINK_REQUEST_MESSAGES.sent: the one answer to every 'Lost your link?' request. */
const LINK_SENT =
  'If an entry with this reference was registered with this e-mail address, its link is on its way there. It may take a few minutes to arrive.';

/**
 * The admin, in a browser context of their own: the artist's page (`page`) never holds the
 * admin's session. Like `page`, it fails the test on any console error or uncaught exception.
 */
const test = base.extend<{ adminPage: Page }>({
  adminPage: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ baseURL });
    const adminPage = await context.newPage();
    const problems: string[] = [];
    adminPage.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url, lineNumber } = message.location();
      problems.push(
        `console.error at ${adminPage.url()}: ${message.text()} (${url}:${lineNumber})`,
      );
    });
    adminPage.on('pageerror', (error) => {
      problems.push(`uncaught exception at ${adminPage.url()}: ${error.message}`);
    });
    // adminPage.request shares the context's cookies: the session it opens is the page's.
    await signInThroughApi(adminPage.request, FIRST_ADMIN);
    await use(adminPage);
    await context.close();
    expect(problems, `The admin's page logged errors:\n${problems.join('\n')}`).toEqual([]);
  },
});

// Each journey registers, pays and reads the Outbox on two shared cores: give it time.
test.slow();

/** A value of the entry page's summary ('Reference', 'Payment', …): the term's <dd>. */
const summaryValue = receiptValue;

/** An artist's message in the Outbox, read once its text (with its reference) has loaded. */
const readMessage = (adminPage: Page, subject: string) =>
  readOutboxMessage(adminPage, subject, 'Reference: WS-');

/** The entry-page part of a link in a message ('/entry#<token>'), on whatever origin it names. */
function entryPathIn(text: string, linkText: string): string {
  const escaped = linkText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`${escaped}: https?://[^/\\s]+(/entry#\\S+)`).exec(text);
  if (!found) throw new Error(`No '${linkText}' link to /entry# in the message:\n${text}`);
  return found[1]!;
}

/** The same token with one character of its signature changed. */
function altered(token: string): string {
  const at = token.length - 10;
  const swapped = token[at] === 'A' ? 'B' : 'A';
  return `${token.slice(0, at)}${swapped}${token.slice(at + 1)}`;
}

test('pay later from the e-mailed link; the admin then refunds the payment', async ({
  page,
  request,
  adminPage,
}) => {
  const tag = randomBytes(3).toString('hex');
  const artist = { ...ARTIST, fullName: `Asha Kulkarni ${tag}`, email: `asha-${tag}@example.com` };
  const checkout = page.getByRole('dialog', { name: 'Test payment' });
  const toast = (text: string) => page.getByRole('alert').filter({ hasText: text });

  // The artist registers for a paid competition and closes the payment window unpaid.
  await openRegistration(page, request, C.portraits);
  await fillValidForm(page, artist);
  await submitButton(page).click();
  await expect(checkout).toBeVisible();
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  await expect(toast('Payment cancelled')).toBeVisible();
  // Unpaid, it is no success: the entry page, its fee due.
  await expect(page).toHaveURL(/\/entry#.+/);
  await expect(summaryValue(page, 'Reference')).toHaveText(REFERENCE);
  const reference = (await summaryValue(page, 'Reference').textContent())!;

  // The confirmation e-mail, as the admin finds it in the Outbox, links to the entry page.
  const confirmation = await readMessage(
    adminPage,
    `Registration received: ${C.portraits} (${reference})`,
  );
  expect(confirmation).toContain(`Dear ${artist.fullName},`);
  expect(confirmation).toContain(
    'Payment Pending: the entry fee of ₹499 has not been received yet.',
  );
  const entryPath = entryPathIn(confirmation, 'Follow your entry');

  // The artist follows the link: the entry, its fee still due.
  await page.goto(entryPath);
  await expectPageHeading(page, 'Your entry');
  await expect(summaryValue(page, 'Reference')).toHaveText(reference);
  await expect(summaryValue(page, 'Competition')).toHaveText(C.portraits);
  await expect(summaryValue(page, 'Status')).toHaveText('Pending Review');
  await expect(summaryValue(page, 'Payment')).toHaveText('Payment Pending (₹499)');
  await expect(page.getByText('The entry fee of ₹499 is still to be paid.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'What you sent' })).toBeVisible();
  await expect(summaryValue(page, 'Artwork Title')).toHaveText('Rain on Park Street');
  await expectNoAxeViolations(page, 'the entry page with its fee due');

  // 'Complete payment' opens the same test checkout; this time the artist pays.
  await page.getByRole('button', { name: 'Complete payment' }).click();
  await expect(checkout).toContainText(C.portraits);
  await checkout.getByRole('button', { name: 'Pay ₹499' }).click();
  await expect(checkout).toBeHidden();
  await expect(summaryValue(page, 'Payment')).toHaveText('Payment Received (₹499)');
  await expect(page.getByRole('button', { name: 'Complete payment' })).toHaveCount(0);
  await page.reload();
  await expect(summaryValue(page, 'Payment')).toHaveText('Payment Received (₹499)');

  // The dashboard's newest entries show it paid (checked first: it lists only the five newest).
  await adminPage.goto('/admin/dashboard');
  await expectPageHeading(adminPage, 'Dashboard');
  const recent = adminPage.getByRole('region', { name: 'Recent Submissions' });
  const referenceLink = adminPage.getByRole('link', { name: reference, exact: true });
  const item = recent.getByRole('listitem').filter({ has: referenceLink });
  const listed = item.getByRole('link', { name: reference, exact: true });
  await expect(item).toContainText(artist.fullName);
  await expect(item).toContainText('Payment Received');
  await expect(listed).toHaveAttribute('href', /^\/admin\/submissions\/[0-9a-f-]{36}$/);
  const entryUrl = (await listed.getAttribute('href'))!;

  // The payment's own message is in the Outbox too.
  const received = await readMessage(adminPage, `Payment Received: ${C.portraits} (${reference})`);
  expect(received).toContain('We have received your entry fee of ₹499');
  expect(entryPathIn(received, 'View your entry')).toMatch(/^\/entry#\S+$/);

  // The admin opens the entry from the dashboard and refunds the payment.
  await adminPage.goto('/admin/dashboard');
  await recent.getByRole('link', { name: reference, exact: true }).click();
  await expect(adminPage).toHaveURL(entryUrl);
  await expectPageHeading(adminPage, `Entry ${reference}`);
  const adminPayment = adminPage.locator('dt:text-is("Payment") + dd');
  await expect(adminPayment).toHaveText('Payment Received');
  const refund = adminPage.getByRole('button', { name: /^Refund ₹499 \(.+\)$/ });
  await expect(refund).toHaveCount(1);
  await expectNoAxeViolations(adminPage, 'the admin entry page with a received payment');

  await refund.click();
  const dialog = adminPage.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog).toHaveAccessibleDescription(
    `Refund ₹499 to ${artist.fullName} for ${reference}? The money goes back to the account it was paid from, within 7-10 days. This cannot be undone.`,
  );
  await expectNoAxeViolations(adminPage, 'the refund confirmation');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(adminPage.getByText(`Refunded ₹499 to ${artist.fullName}`)).toBeVisible();
  await expect(adminPayment).toHaveText('Refunded');
  await expect(refund).toHaveCount(0);
  await expect(
    adminPage.getByRole('row').filter({ hasText: '₹499' }).filter({ hasText: 'Refunded' }),
  ).toHaveCount(1);

  // The artist's page says so; the refund's message is in the Outbox.
  await page.reload();
  await expect(summaryValue(page, 'Payment')).toHaveText('Refunded (₹499)');
  await expect(page.getByRole('button', { name: 'Complete payment' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the entry page of a refunded entry');
  const refunded = await readMessage(adminPage, `Refund: ${C.portraits} (${reference})`);
  expect(refunded).toContain(`Dear ${artist.fullName},`);
  expect(refunded).toContain('We have refunded your payment of ₹499');
  expect(refunded).toContain('The refund is processed within 7-10 days.');
});

test("an altered link opens nothing; 'Lost your link?' answers the same whoever asks", async ({
  page,
  request,
  adminPage,
  baseURL,
  expectConsoleError,
}) => {
  // The server answers 404 to a link that opens no entry, which the browser logs.
  expectConsoleError({ text: failedToLoad(404), url: `${baseURL}/api/entries/view` });
  const tag = randomBytes(3).toString('hex');
  const artist = { fullName: `Rohan Das ${tag}`, email: `rohan-${tag}@example.com` };
  const { id, reference, entryToken } = await registerThroughApi(request, C.portraits, artist);
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/entries/link-requests')) requests.push(r.method());
  });

  // The link as it was sent: the entry, its fee still due.
  await page.goto(`/entry#${entryToken}`);
  await expectPageHeading(page, 'Your entry');
  await expect(summaryValue(page, 'Reference')).toHaveText(reference);
  await expect(summaryValue(page, 'Payment')).toHaveText('Payment Pending (₹499)');
  await expect(page.getByRole('button', { name: 'Complete payment' })).toBeVisible();

  // The same link with one character changed opens nothing, and offers to send it again.
  await page.goto('about:blank');
  await page.goto(`/entry#${altered(entryToken)}`);
  await expectPageHeading(page, 'Your entry');
  await expect(page.getByRole('alert').filter({ hasText: LINK_INVALID })).toHaveText(LINK_INVALID);
  await expect(summaryValue(page, 'Reference')).toHaveCount(0);
  const lostLink = page.getByRole('region', { name: 'Lost your link?' });
  await expect(lostLink).toBeVisible();
  const email = field(page, 'Email');
  const referenceField = field(page, 'Reference');
  const send = lostLink.getByRole('button', { name: 'Send me the link' });
  const answer = lostLink.getByRole('status');

  // Sent empty, it says what is missing and asks the server nothing.
  await send.click();
  await expect(email).toHaveAccessibleDescription('Email is required');
  await expect(referenceField).toHaveAccessibleDescription(/Reference is required$/);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  expect(requests).toEqual([]);

  // The entry's own address and reference, sent with Enter; then a reference that is no entry's.
  const ask = async (address: string, ref: string) => {
    await email.fill(address);
    await referenceField.fill(ref);
    const response = page.waitForResponse((r) => r.url().endsWith('/api/entries/link-requests'));
    await referenceField.press('Enter');
    const answered = await response;
    await expect(answer).toHaveText(LINK_SENT);
    return { status: answered.status(), body: (await answered.json()) as unknown };
  };
  const known = await ask(artist.email, reference);
  await expect(email).not.toHaveAttribute('aria-invalid');
  const unknown = await ask(artist.email, 'WS-2026-999999');
  expect(known).toEqual({ status: 202, body: { message: LINK_SENT } });
  expect(unknown).toEqual(known);
  expect(requests).toEqual(['POST', 'POST']);

  // Only the real entry's link was sent, to its artist.
  const subject = `Your entry link: ${C.portraits} (${reference})`;
  const sent = await readMessage(adminPage, subject);
  expect(sent).toContain(`Dear ${artist.fullName},`);
  await expect(adminPage.getByText('WS-2026-999999')).toHaveCount(0);
  // The link it carries opens the entry.
  await page.goto('about:blank');
  await page.goto(entryPathIn(sent, 'View your entry'));
  await expect(summaryValue(page, 'Reference')).toHaveText(reference);

  // The admin's page of the unpaid entry: nothing paid, nothing to refund.
  await adminPage.goto(`/admin/submissions/${id}`);
  await expectPageHeading(adminPage, `Entry ${reference}`);
  await expect(adminPage.locator('dt:text-is("Payment") + dd')).toHaveText('Payment Pending');
  await expect(adminPage.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
  await expectNoAxeViolations(adminPage, 'the admin entry page of an unpaid entry');
});

test("without a link, the page offers 'Lost your link?'; with its errors showing, axe finds nothing", async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/entries/')) requests.push(r.url());
  });
  // Still, as the accessibility journeys look at every page: axe sees it at rest.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/entry');
  await expectPageHeading(page, 'Your entry');
  await expect(page).toHaveTitle(/^Your entry \| /);
  await expect(
    page.getByText('Open the link in your confirmation e-mail to see your entry.'),
  ).toBeVisible();
  await expect(page.getByText(LINK_INVALID)).toHaveCount(0);
  const lostLink = page.getByRole('region', { name: 'Lost your link?' });
  await expect(lostLink).toBeVisible();
  await expectNoAxeViolations(page, 'the entry page without a link');

  // From the keyboard: an address and a reference that are not ones.
  const email = field(page, 'Email');
  const reference = field(page, 'Reference');
  await tabTo(page, email);
  await page.keyboard.type('meera.iyer@');
  await page.keyboard.press('Tab');
  await expect(reference).toBeFocused();
  await page.keyboard.type('ws 2026 12');
  await page.keyboard.press('Enter');
  await expect(email).toHaveAccessibleDescription('Invalid email address');
  await expect(reference).toHaveAccessibleDescription(
    /Enter the reference as it is in your e-mail, such as WS-2026-000123$/,
  );
  await expect(email).toBeFocused();
  await expect(lostLink.getByRole('status')).toHaveText('');
  await expectNoAxeViolations(page, "'Lost your link?' with its errors");
  expect(requests).toEqual([]);
});
