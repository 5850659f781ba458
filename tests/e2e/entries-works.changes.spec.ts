/*
 * An entry of several works, from the artist's side: a paid competition of our own that takes one
 * to three works, with a fee for the first and for each further work, an early-bird price running
 * now and a code for 20 % off. The artist adds three works with their pictures, applies the code,
 * reads the breakdown, pays through the test checkout, and finds their works and receipt on their
 * entry page. A competition that sets nothing shows today's form.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiSignedInAs, FIRST_ADMIN } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEMO, expect, expectPageHeading, test } from './fixtures.ts';
import {
  ARTIST,
  type ChosenFile,
  choosePicture,
  field,
  nextClientAddress,
  openRegistration,
  photo,
  receiptValue,
  registerPath,
  submitButton,
} from './registration-fixtures.ts';

// The form is filled with four pictures and sent, then paid: give it time.
test.slow();

const DAY_MS = 24 * 60 * 60 * 1000;

/** A paid competition in the demo's Painting category taking 1 to 3 works, and its 20 % code. */
async function worksCompetition(baseURL: string): Promise<{ id: string; code: string }> {
  const api = await apiSignedInAs(baseURL, FIRST_ADMIN);
  const suffix = randomBytes(3).toString('hex');
  const categories = (await (await api.get('/api/admin/categories')).json()) as {
    id: string;
    name: string;
  }[];
  const painting = categories.find((c) => c.name === DEMO.categories.painting.name)!;
  const today = new Date().toISOString().slice(0, 10);
  const created = await api.post('/api/admin/competitions', {
    data: {
      title: `Three Monsoons ${suffix}`,
      description: 'Up to three works an entry.',
      categoryId: painting.id,
      startDate: today,
      endDate: '2099-12-31',
      entryType: 'paid',
      entryFee: 500,
      furtherWorkFee: 300,
      earlyBirdFee: 400,
      earlyBirdFurtherFee: 200,
      earlyBirdUntil: new Date(Date.now() + 30 * DAY_MS).toISOString(),
      minWorks: 1,
      maxWorks: 3,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const code = `RAIN20${suffix.toUpperCase()}`;
  const madeCode = await api.post('/api/admin/codes', {
    data: { code, kind: 'percent', value: 20, competitionId: id },
  });
  expect(madeCode.status(), await madeCode.text()).toBe(201);
  await api.dispose();
  return { id, code };
}

const work = (page: Page, n: number) => page.getByRole('group', { name: `Work ${n}`, exact: true });

/** Fills work `n`'s answers and chooses its picture, within its own group. */
async function fillWork(page: Page, n: number, title: string, picture: ChosenFile) {
  const group = work(page, n);
  await group.getByLabel(/^Artwork Title/).fill(title);
  await group.getByLabel(/^Artwork Photo/).setInputFiles(picture);
  await expect(group.getByRole('img', { name: 'Artwork Photo: preview' })).toBeVisible();
  await group.getByLabel(/^Medium/).fill('Watercolour');
  await group.getByLabel(/^Size/).fill('A3');
}

test('an artist enters three works with a 20 % code in the early-bird price, pays, and finds the receipt', async ({
  page,
  baseURL,
  expectConsoleError,
}) => {
  // The made-up refusal below is answered 400, which the browser logs.
  expectConsoleError({ text: /status of 400/, url: /\/api\/submissions$/ });
  const { id, code } = await worksCompetition(baseURL!);
  // A client address of its own: the suite's 127.0.0.1 keeps its registrations for the others.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': nextClientAddress() });
  await page.goto(registerPath(id));
  await expectPageHeading(page, 'Register');
  await expect(submitButton(page)).toBeEnabled();

  const email = `three.works-${randomBytes(3).toString('hex')}@example.com`;
  await field(page, 'Full Name').fill(ARTIST.fullName);
  await field(page, 'Age').fill(ARTIST.age);
  await page.getByRole('radio', { name: ARTIST.gender, exact: true }).check();
  await field(page, 'Email').fill(email);
  await field(page, 'Phone Number').fill(ARTIST.phone);
  await field(page, 'Address').fill(ARTIST.address);
  await field(page, 'Pincode').fill(ARTIST.pincode);
  await choosePicture(page, 'Photo', await photo('me.jpg'));

  // One work to start with; two more added, the focus on each new work's title.
  await expect(page.getByText('Enter up to 3 works.')).toBeVisible();
  await expect(page.getByRole('group', { name: /^Work \d$/ })).toHaveCount(1);
  const add = page.getByRole('button', { name: 'Add a work' });
  await fillWork(page, 1, 'Rain on Park Street', await photo('rain.jpg', { width: 1600 }));
  await add.click();
  await expect(work(page, 2).getByLabel(/^Artwork Title/)).toBeFocused();
  await fillWork(page, 2, 'Sun over Howrah', await photo('sun.jpg', { width: 1400 }));
  await add.click();
  await fillWork(page, 3, 'Fog at the Ghats', await photo('fog.jpg', { width: 1200 }));
  await expect(add).toHaveCount(0);

  await field(page, 'I have read the privacy policy').check();
  await page
    .getByRole('radio', { name: 'Show my work with my name on the results page', exact: true })
    .check();

  // The breakdown: early-bird, the first work, two further works, the code's 20 %, the total.
  await field(page, 'Have a code?').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply code' }).click();
  const fee = page.getByRole('region', { name: 'Entry fee' });
  await expect(fee.getByText('Total: ₹640')).toBeVisible();
  const lines = await fee.locator('dt').allTextContents();
  const amounts = await fee.locator('dd').allTextContents();
  expect(lines).toEqual(['Price', 'First work', 'Each further work × 2', `Code ${code}: 20% off`]);
  expect(amounts).toEqual(['Early-bird price', '₹400', '₹400', '−₹160']);
  await expectNoAxeViolations(page, 'the registration form with three works');

  // A refusal of the third work's title lands under that work's field, focused.
  await page.route(
    '**/api/submissions',
    (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Please check the highlighted fields.',
            fields: { 'works.2.fieldValues.artworkTitle': 'This title is already taken' },
          },
        }),
      }),
    { times: 1 },
  );
  await submitButton(page).click();
  const third = work(page, 3).getByLabel(/^Artwork Title/);
  await expect(third).toHaveAccessibleDescription('This title is already taken');
  await expect(third).toBeFocused();
  await expect(work(page, 1).getByText('This title is already taken')).toHaveCount(0);
  await third.fill('Fog at the Ghats, again');

  // Each work's pictures show their progress while the entry is on its way.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    '**/api/submissions',
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/submissions') && r.request().method() === 'POST',
  );
  await submitButton(page).click();
  for (const n of [1, 2, 3]) {
    await expect(
      work(page, n).getByRole('progressbar', { name: `Sending the files of work ${n}` }),
    ).toBeVisible();
  }
  release();
  const receipt = (await (await saved).json()) as { entryToken: string; entryFee: number };
  expect(receipt.entryFee).toBe(640);

  const checkout = page.getByRole('dialog', { name: 'Test payment' });
  await checkout.getByRole('button', { name: 'Pay ₹640' }).click();
  await expect(page).toHaveURL('/registration-success');
  await expectPageHeading(page, 'Registration Successful!');
  await expect(receiptValue(page, 'Payment')).toHaveText('Paid: ₹640');

  // The entry page: the three works by title, and the receipt of the payment.
  await page.goto(`/entry#${receipt.entryToken}`);
  await expectPageHeading(page, 'Your entry');
  await expect(receiptValue(page, 'Payment')).toHaveText('Payment Received (₹640)');
  const works = page.getByRole('region', { name: 'Your works' }).getByRole('listitem');
  await expect(works).toHaveText([
    'Work 1: Rain on Park Street',
    'Work 2: Sun over Howrah',
    'Work 3: Fog at the Ghats, again',
  ]);
  const receipts = page.getByRole('region', { name: 'Receipts' }).getByRole('listitem');
  await expect(receipts).toHaveCount(1);
  await expect(receipts.first()).toContainText(/^Receipt \S+/);
  await expect(receipts.first()).toContainText('₹640.00');
});

test('a competition that sets nothing new shows exactly the one-work form', async ({
  page,
  request,
}) => {
  await openRegistration(page, request, DEMO.competitions.monsoon);
  await expect(page.getByRole('group', { name: /^Work \d/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a work' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove this work/ })).toHaveCount(0);
  await expect(page.getByText(/^Enter (up to|from) /)).toHaveCount(0);
  await expect(field(page, 'Artwork Title')).toHaveCount(1);
  await expect(field(page, 'Artwork Photo')).toHaveCount(1);
  const entry = page.getByRole('region', { name: 'Your entry' });
  await expect(entry.getByRole('heading', { level: 2 })).toHaveText('Your entry');
});
