/*
 * One entry per attempt: after a cancelled payment, "Start a different entry" says the unpaid
 * entry will be withdrawn, keeps what the artist typed, and the new entry, paid, is the one the
 * admin reviews; the first is withdrawn, never rejected and never e-mailed a decision. It
 * registers, so it runs with the journeys that change the site's data.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiSignedInAs, FIRST_ADMIN } from './admin-fixtures.ts';
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
  submitButton,
} from './registration-fixtures.ts';

// The form is filled, with pictures, and sent twice.
test.slow();

const checkout = (page: Page) => page.getByRole('dialog', { name: 'Test payment' });
const REFERENCE = /^WS-\d{4}-\d{6}$/;

test("'Start a different entry' withdraws the unpaid entry, keeps what was typed, and leaves one paid entry", async ({
  page,
  request,
  baseURL,
}) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': nextClientAddress() });
  const who = { ...ARTIST, email: `again-${randomBytes(3).toString('hex')}@example.com` };
  const competition = await openRegistration(page, request, DEMO.competitions.portraits);
  await fillValidForm(page, who);
  await submitButton(page).click();
  await checkout(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/entry#.+/);
  const first = (await receiptValue(page, 'Reference').textContent())!;
  expect(first).toMatch(REFERENCE);

  // Back to the form: the unpaid entry is offered, and what choosing a new one does is said.
  await page.goto(registerPath(competition.id));
  const offer = page.getByRole('region', { name: 'Your entry is waiting for its fee' });
  await expect(offer).toContainText(first);
  const startAnother = offer.getByRole('button', { name: 'Start a different entry' });
  await expect(startAnother).toHaveAccessibleDescription(
    `Starting a different entry withdraws this unpaid entry (${first}): it will not be reviewed or charged. What you typed stays in the form; choose your pictures again.`,
  );
  await startAnother.click();

  // The form comes back with what was typed; the pictures and the consent are given again.
  await expect(submitButton(page)).toBeVisible();
  await expect(page.getByText('We restored what you typed earlier.')).toBeVisible();
  await expect(field(page, 'Full Name')).toHaveValue(who.fullName);
  await expect(field(page, 'Email')).toHaveValue(who.email);
  await expect(field(page, 'Pincode')).toHaveValue(who.pincode);
  await expect(field(page, 'Artwork Title')).toHaveValue('Rain on Park Street');
  await choosePicture(page, 'Photo', await photo('me.jpg'));
  await choosePicture(page, 'Artwork Photo', await photo('painting.jpg'));
  await field(page, 'I have read the privacy policy').check();
  await page
    .getByRole('radio', { name: 'Show my work with my name on the results page', exact: true })
    .check();
  await submitButton(page).click();
  await checkout(page).getByRole('button', { name: 'Pay ₹499' }).click();
  await expectPageHeading(page, 'Registration Successful!');
  const second = (await receiptValue(page, 'Your reference').textContent())!;
  expect(second).toMatch(REFERENCE);
  expect(second).not.toBe(first);

  // The admin: one entry to review, paid; the withdrawn one only when asked for.
  const admin = await apiSignedInAs(baseURL!, FIRST_ADMIN);
  const listed = async (query: string) => {
    const response = await admin.get(
      `/api/admin/submissions?q=${encodeURIComponent(who.email)}${query}`,
    );
    expect(response.status(), await response.text()).toBe(200);
    const { items } = (await response.json()) as {
      items: {
        id: string;
        reference: string;
        status: string;
        paymentState: string;
        possibleDuplicate: boolean;
      }[];
    };
    return items;
  };
  expect(
    (await listed('')).map((i) => [i.reference, i.status, i.paymentState, i.possibleDuplicate]),
  ).toEqual([[second, 'pending', 'received', false]]);
  const both = await listed('&withdrawn=show');
  expect(both.map((i) => [i.reference, i.status, i.paymentState])).toEqual([
    [second, 'pending', 'received'],
    [first, 'withdrawn', 'pending'],
  ]);

  // It cannot be rejected, and no decision e-mail goes to the artist.
  const withdrawn = both.find((i) => i.reference === first)!;
  const rejected = await admin.put(`/api/admin/submissions/${withdrawn.id}/status`, {
    data: { status: 'rejected' },
  });
  expect(rejected.status()).toBe(409);
  const outbox = await admin.get('/api/admin/outbox');
  expect(outbox.status()).toBe(200);
  const { messages } = (await outbox.json()) as { messages: { kind: string; to: string }[] };
  expect(messages.filter((m) => m.to === who.email).map((m) => m.kind)).not.toContainEqual(
    expect.stringMatching(/^submission-(rejected|approved)$/),
  );
  await admin.dispose();
});
