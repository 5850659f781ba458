/*
 * The artist's side on a phone: an artist with two entries in two competitions (one free, one
 * paid through the test checkout) signs in with the code the Outbox holds, finds both on "My
 * entries", corrects a title before the close, withdraws the paid one (its fee kept, as the
 * site's default setting says), and registers for a third competition with their details filled
 * in from the last entry. It registers and changes entries, so it runs with the journeys that
 * change the site's data.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignedInAs, FIRST_ADMIN } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEMO, expect, expectPageHeading, test } from './fixtures.ts';
import {
  ARTIST,
  choosePicture,
  field,
  fillValidForm,
  nextClientAddress,
  openRegistration,
  photo,
  receiptValue,
  registerPath,
  registerThroughApi,
  submitButton,
} from './registration-fixtures.ts';
import { codeInMail } from '../setup/mailed-code.ts';

// Two registrations in the browser, one paid, a sign-in and two changes: give it time.
test.slow();
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface OutboxItem {
  id: string;
  kind: string;
  to: string;
}

/** The 6-digit code of the newest artist sign-in e-mail to `to`, as the admin's Outbox holds it. */
async function signInCodeFor(admin: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const list = (await (await admin.get('/api/admin/outbox')).json()) as {
      messages: OutboxItem[];
    };
    const mail = list.messages.find((m) => m.kind === 'artist-sign-in' && m.to === to);
    expect(mail, 'no sign-in e-mail yet').toBeDefined();
    const detail = (await (await admin.get(`/api/admin/outbox/${mail!.id}`)).json()) as {
      text: string;
    };
    code = codeInMail(detail.text, 6) ?? '';
    expect(code).not.toBe('');
  }).toPass({ timeout: 20_000 });
  return code;
}

/** A free competition of our own in the demo's Painting category, open until 2099. */
async function freeCompetition(admin: APIRequestContext): Promise<{ id: string; title: string }> {
  const categories = (await (await admin.get('/api/admin/categories')).json()) as {
    id: string;
    name: string;
  }[];
  const painting = categories.find((c) => c.name === DEMO.categories.painting.name)!;
  const title = `Lake Light Open ${randomBytes(3).toString('hex')}`;
  const created = await admin.post('/api/admin/competitions', {
    data: {
      title,
      description: 'Paintings of water and light.',
      categoryId: painting.id,
      startDate: new Date().toISOString().slice(0, 10),
      endDate: '2099-12-31',
      entryType: 'free',
      entryFee: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return { id, title };
}

const card = (page: Page, competition: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: competition }) });

test('on a phone, an artist signs in with a code, corrects a title, withdraws an entry and registers again with their details filled in', async ({
  page,
  request,
  baseURL,
  expectConsoleError,
}) => {
  // Signed out, "My entries" asks who is signed in and hears 401, which the browser logs.
  expectConsoleError({ text: /status of 401/, url: /\/api\/me$/ });
  const admin = await apiSignedInAs(baseURL!, FIRST_ADMIN);
  const who = { ...ARTIST, email: `phone-${randomBytes(3).toString('hex')}@example.com` };

  // Two entries: a free one through the API, a paid one on the phone, paid at the checkout.
  const free = await registerThroughApi(request, DEMO.competitions.monsoon, who);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': nextClientAddress() });
  await openRegistration(page, request, DEMO.competitions.portraits);
  await fillValidForm(page, who);
  await submitButton(page).click();
  const checkout = page.getByRole('dialog', { name: 'Test payment' });
  await checkout.getByRole('button', { name: 'Pay ₹499' }).click();
  await expectPageHeading(page, 'Registration Successful!');
  const paid = (await receiptValue(page, 'Your reference').textContent())!;

  // "My entries" is in the footer; signed out it asks for the address, then for the code.
  await page.getByRole('contentinfo').getByRole('link', { name: 'My entries' }).click();
  await expectPageHeading(page, 'My entries');
  await field(page, 'Email').fill(who.email);
  await page.getByRole('button', { name: 'Send me a sign-in e-mail' }).click();
  const code = await signInCodeFor(admin, who.email);
  await field(page, '6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in as ${who.email}`)).toBeVisible();

  // Both entries, each with its competition, reference and payment.
  const monsoon = card(page, DEMO.competitions.monsoon);
  const portraits = card(page, DEMO.competitions.portraits);
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(monsoon).toContainText(free.reference);
  await expect(portraits).toContainText(paid);
  await expect(portraits).toContainText('₹499');
  await expectNoAxeViolations(page, 'My entries on a phone');

  // A typo in the title, corrected before the close.
  await monsoon.getByRole('button', { name: `Edit entry ${free.reference}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit entry ${free.reference}` });
  const title = edit.getByLabel(/^Artwork Title/);
  await expect(title).toHaveValue(`Artwork Title of ${who.fullName}`);
  await title.fill('Rain on College Street');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'are saved' })).toHaveText(
    `Your changes to ${free.reference} are saved.`,
  );
  await monsoon.getByText('What you sent').click();
  await expect(monsoon).toContainText('Rain on College Street');

  // The paid entry withdrawn: the fee is kept, as the Terms say, and it is said before.
  await portraits.getByRole('button', { name: `Withdraw entry ${paid}` }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw this entry?' });
  await expect(withdraw).toContainText('The entry fee of ₹499 you paid will not be refunded.');
  await withdraw.getByRole('button', { name: 'Withdraw entry' }).click();
  await expect(withdraw).toBeHidden();
  await expect(page.getByText(`Your entry ${paid} is withdrawn.`)).toBeVisible();
  await expect(portraits).toContainText('Withdrawn on');
  await expect(portraits.getByRole('button', { name: /^(Edit|Withdraw) entry/ })).toHaveCount(0);

  // The admin's list agrees: withdrawn, the fee still received.
  const listed = await admin.get(`/api/admin/submissions?q=${paid}&withdrawn=show`);
  const { items } = (await listed.json()) as { items: { status: string; paymentState: string }[] };
  expect(items.map((i) => [i.status, i.paymentState])).toEqual([['withdrawn', 'received']]);

  // A third competition: the details come from the latest entry that stands (the free one, made
  // through the API with its own address and pincode), the photo offered again.
  const third = await freeCompetition(admin);
  await page.goto(registerPath(third.id));
  await expectPageHeading(page, 'Register');
  await expect(page.getByText('Filled in from your last entry')).toBeVisible();
  await expect(field(page, 'Full Name')).toHaveValue(who.fullName);
  await expect(field(page, 'Email')).toHaveValue(who.email);
  await expect(field(page, 'Phone Number')).toHaveValue(who.phone);
  await expect(field(page, 'Address')).toHaveValue('21 Ghole Road, Pune');
  await expect(field(page, 'Pincode')).toHaveValue('411005');
  await expect(page.getByRole('img', { name: 'Your photo from your last entry' })).toBeVisible();
  await page.getByRole('button', { name: 'Use this photo' }).click();
  await expect(page.getByRole('img', { name: 'Photo: preview', exact: true })).toBeVisible();
  await field(page, 'Artwork Title').fill('Evening at Rabindra Sarobar');
  await choosePicture(page, 'Artwork Photo', await photo('lake.jpg'));
  await field(page, 'Medium').fill('Watercolour on paper');
  await field(page, 'Size').fill('30 × 40 cm');
  await field(page, 'I have read the privacy policy').check();
  await page
    .getByRole('radio', { name: 'Show my work with my name on the results page', exact: true })
    .check();
  await submitButton(page).click();
  await expectPageHeading(page, 'Registration Successful!');

  // Three entries now on "My entries".
  await page.goto('/me');
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(card(page, third.title)).toContainText('Evening at Rabindra Sarobar');
  await admin.dispose();
});
