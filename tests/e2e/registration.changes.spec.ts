/*
 * Artists registering for real, against the real server. These journeys add entries
 * (the admin dashboard counts them), so they run after the read-only journeys. The browser's
 * requests come from 127.0.0.1, which may register 10 times in 10 minutes across the whole suite:
 * the journeys here send few. Registrations through the API (registerThroughApi) come from an
 * address of their own each and count against no one else's.
 */
import { randomBytes } from 'node:crypto';
import { apiSignedInAs, FIRST_ADMIN } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEMO, expect, expectPageHeading, test } from './fixtures.ts';
import {
  ARTIST,
  field,
  fillValidForm,
  openRegistration,
  photo,
  receiptValue,
  registerPath,
  submitButton,
  tabTo,
} from './registration-fixtures.ts';

const C = DEMO.competitions;

// Each journey fills the whole form with pictures and waits for the server: give it time.
test.slow();
const REFERENCE = /^WS-\d{4}-\d{6}$/;

test('a free registration with two pictures, from the keyboard alone, ends on its receipt', async ({
  page,
  request,
}) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/submissions')) posts.push(r.url());
  });
  await openRegistration(page, request, C.monsoon);
  const type = (text: string) => page.keyboard.type(text);

  await tabTo(page, field(page, 'Full Name'));
  await type('Kavya Raman');
  await page.keyboard.press('Tab');
  await expect(field(page, 'Age')).toBeFocused();
  await type('27');
  await expect(field(page, 'Age')).toHaveAccessibleDescription(
    'From 1 to 80 years. Age category: Adult.',
  );
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Male', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Female', exact: true })).toBeChecked();
  await page.keyboard.press('Tab');
  await type('kavya.raman@example.com');
  await page.keyboard.press('Tab');
  await type('044 2345 6789');
  await page.keyboard.press('Tab');
  await type('22 Besant Nagar');
  await page.keyboard.press('Enter');
  await type('Chennai');
  await page.keyboard.press('Tab');
  await type('600090');

  // A picker opens the file chooser from the keyboard; once ready, the focus is on Replace.
  const choose = async (label: string, file: Awaited<ReturnType<typeof photo>>) => {
    await tabTo(page, field(page, label));
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles(file);
    await expect(page.getByRole('img', { name: `${label}: preview`, exact: true })).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Replace ${label.toLowerCase()}` }),
    ).toBeFocused();
  };
  await choose('Photo', await photo('kavya.jpg'));
  await tabTo(page, field(page, 'Artwork Title'));
  await type('Boats at Marina Beach');
  await choose('Artwork Photo', await photo('boats.png', { width: 3200, height: 2400 }));
  await tabTo(page, field(page, 'Medium'));
  await type('Watercolour');
  await page.keyboard.press('Tab');
  await type('A3');
  await page.keyboard.press('Tab');
  await expect(field(page, 'Description')).toBeFocused();
  await type('Morning light.');
  await page.keyboard.press('Enter');
  await type('Painted on site.');
  await tabTo(page, field(page, 'I have read the privacy policy'));
  await page.keyboard.press('Space');
  // The publication choice: Tab enters the group on its first choice (none is chosen yet), and an
  // arrow moves to the next and chooses it.
  const choices = page.getByRole('group', { name: /^If your work wins or is shortlisted/ });
  await tabTo(page, choices.getByRole('radio').first());
  await expect(choices.getByRole('radio', { checked: true })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expect(choices.getByRole('radio', { name: /^Show my work without my name/ })).toBeChecked();
  await tabTo(page, submitButton(page));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL('/registration-success');
  await expectPageHeading(page, 'Registration Successful!');
  await expect(receiptValue(page, 'Your reference')).toHaveText(REFERENCE);
  await expect(receiptValue(page, 'Competition')).toHaveText(C.monsoon);
  await expect(
    page.getByText(/A confirmation e-mail with this reference is on its way to/),
  ).toContainText('kavya.raman@example.com');
  await expect(receiptValue(page, 'Payment')).toHaveCount(0);
  for (const heading of ['Next Steps', 'Stay Updated']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View More Competitions' })).toBeVisible();
  expect(posts).toHaveLength(1);
  await expectNoAxeViolations(page, 'the success page with its receipt');

  // A reload keeps the receipt; the form's draft is gone.
  const reference = await receiptValue(page, 'Your reference').textContent();
  await page.reload();
  await expect(receiptValue(page, 'Your reference')).toHaveText(reference!);
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('ws:registration-draft:')),
    ),
  ).toEqual([]);
});

test('a dropped connection is retried with the same key: one entry, its receipt shown', async ({
  page,
  request,
  expectConsoleError,
}) => {
  expectConsoleError({ text: /net::ERR_CONNECTION_RESET/, url: /\/api\/submissions$/ });
  const keys: string[] = [];
  let first: { reference: string; id: string } | undefined;
  let releaseRetry = () => {};
  const retryHeld = new Promise<void>((resolve) => (releaseRetry = resolve));
  let replayed: string | undefined;
  await page.route('**/api/submissions', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      // The server receives it and registers the artist; the answer is lost on the way back.
      const answer = await route.fetch();
      expect(answer.status()).toBe(201);
      first = (await answer.json()) as typeof first;
      await route.abort('connectionreset');
      return;
    }
    await retryHeld;
    const answer = await route.fetch();
    replayed = answer.headers()['idempotent-replayed'];
    await route.fulfill({ response: answer });
  });
  await openRegistration(page, request, C.monsoon);
  await fillValidForm(page, { ...ARTIST, email: 'dropped.connection@example.com' });
  await submitButton(page).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Connection lost, retrying…' }),
  ).toBeVisible();
  await expect(submitButton(page)).toBeDisabled();
  // The form stays reachable while it waits.
  await expect(field(page, 'Full Name')).toBeEditable();
  releaseRetry();

  await expect(page).toHaveURL('/registration-success');
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(replayed).toBe('true');
  await expect(receiptValue(page, 'Your reference')).toHaveText(first!.reference);
});

test('a busy server (503, Retry-After) is waited for, then the entry goes through', async ({
  page,
  request,
  expectConsoleError,
}) => {
  expectConsoleError({ text: /status of 503/, url: /\/api\/submissions$/ });
  let posts = 0;
  await page.route('**/api/submissions', async (route) => {
    posts++;
    if (posts === 1) {
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '2' },
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'BUSY', message: 'The server is busy.' } }),
      });
      return;
    }
    await route.continue();
  });
  // A free competition: a paid one would open the checkout before the receipt.
  await openRegistration(page, request, C.monsoon);
  await fillValidForm(page, { ...ARTIST, email: 'busy.server@example.com' });
  await submitButton(page).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The server is busy, retrying…' }),
  ).toBeVisible();
  await expect(page).toHaveURL('/registration-success');
  expect(posts).toBe(2);
});

test('a paid entry: cancelled, then failed, then paid through the test checkout, never sent twice', async ({
  page,
  request,
  expectConsoleError,
}) => {
  // The test checkout's Fail is answered 402, which the browser logs.
  expectConsoleError({ text: /status of 402/, url: /\/api\/payments\/test-checkout\// });
  const registrations: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/submissions')) registrations.push(r.url());
  });
  const checkout = page.getByRole('dialog', { name: 'Test payment' });
  const toast = (text: string) => page.getByRole('alert').filter({ hasText: text });
  await openRegistration(page, request, C.portraits);
  await fillValidForm(page, { ...ARTIST, email: 'paid.entry@example.com' });
  await submitButton(page).click();

  // Seed §4: saved pending, then the payment window opens, clearly a test, for ₹499.
  await expect(checkout).toBeVisible();
  await expect(checkout).toContainText('This site takes test payments only: no money is taken.');
  await expect(checkout).toContainText(C.portraits);
  await expectNoAxeViolations(page, 'the test checkout');
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  await expect(toast('Payment cancelled')).toBeVisible();
  // Unpaid, it is no success: the entry's own page, its fee due.
  await expect(page).toHaveURL(/\/entry#.+/);
  await expect(receiptValue(page, 'Payment')).toHaveText('Payment Pending (₹499)');

  // From the entry page, the same checkout again: the bank says no.
  await page.getByRole('button', { name: 'Complete payment' }).click();
  await checkout.getByRole('button', { name: 'Fail' }).click();
  await expect(toast('Payment failed')).toBeVisible();
  await expect(receiptValue(page, 'Payment')).toHaveText('Payment Pending (₹499)');

  // Escape closes it as a cancellation; then a payment that goes through.
  await page.getByRole('button', { name: 'Complete payment' }).click();
  await expect(checkout).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(checkout).toBeHidden();
  await page.getByRole('button', { name: 'Complete payment' }).click();
  await checkout.getByRole('button', { name: 'Pay ₹499' }).click();
  await expect(receiptValue(page, 'Payment')).toHaveText('Payment Received (₹499)');
  await expect(page.getByRole('button', { name: 'Complete payment' })).toHaveCount(0);
  await page.reload();
  await expect(receiptValue(page, 'Payment')).toHaveText('Payment Received (₹499)');
  expect(registrations).toHaveLength(1);
});

test("a category's link and video fields take web addresses only", async ({ page, baseURL }) => {
  // A category of our own with its video and link fields turned on, and a competition in it.
  const api = await apiSignedInAs(baseURL!, FIRST_ADMIN);
  const suffix = randomBytes(3).toString('hex');
  const categories = await api.get('/api/admin/categories');
  const painting = ((await categories.json()) as { name: string; formFields: object[] }[]).find(
    (c) => c.name === DEMO.categories.painting.name,
  )!;
  const created = await api.post('/api/admin/categories', {
    data: {
      name: `Film ${suffix}`,
      formFields: painting.formFields.map((f) => ({ ...f, enabled: true })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const categoryId = ((await created.json()) as { id: string }).id;
  const today = new Date().toISOString().slice(0, 10);
  const competition = await api.post('/api/admin/competitions', {
    data: {
      title: `Short Films ${suffix}`,
      description: 'Links and videos.',
      categoryId,
      startDate: today,
      endDate: '2099-12-31',
      entryType: 'free',
    },
  });
  expect(competition.status(), await competition.text()).toBe(201);
  const competitionId = ((await competition.json()) as { id: string }).id;
  await api.dispose();

  await page.goto(registerPath(competitionId));
  await expectPageHeading(page, 'Register');
  const video = field(page, 'YouTube Video Link');
  const link = field(page, 'Additional Link');
  await expect(video).toHaveAttribute('type', 'url');
  await expect(link).toHaveAttribute('inputmode', 'url');
  // The drawn form's Submit is enabled once the form runs; typed earlier, hydration would reset it.
  await expect(submitButton(page)).toBeEnabled();
  await video.fill('youtube.com/watch?v=aqz-KE-bpKQ');
  await link.fill('javascript:alert(1)');
  await submitButton(page).click();
  await expect(video).toHaveAccessibleDescription(
    /YouTube Video Link must be a web address starting with http:\/\/ or https:\/\/$/,
  );
  await expect(link).toHaveAccessibleDescription(
    /Additional Link must be a web address starting with http:\/\/ or https:\/\/$/,
  );
  await video.fill('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
  await expect(video).not.toHaveAttribute('aria-invalid');
});
