/*
 * A competition's lifecycle (decision 021): an admin cannot publish results while entries are
 * open, and closes them from the Publish dialog; the competition's page then offers no Register
 * Now and a registration sent straight to the API is refused. After the close, an artist with
 * their personal extension link registers; another artist cannot.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { generatedImage, openAdminScreen, OURS } from './admin-fixtures.ts';
import { appStarted, expect, expectPageHeading, getCategories, DEMO, test } from './fixtures.ts';
import * as jury from './jury-fixtures.ts';
import {
  ARTIST,
  fillValidForm,
  nextClientAddress,
  registerPath,
  submitButton,
} from './registration-fixtures.ts';

const CLOSED_MESSAGE = 'Registration for this competition has closed.';

/** A registration of the competition sent straight to the API, as a script would. */
async function postRegistration(request: APIRequestContext, competitionId: string, email: string) {
  const data = {
    competitionId,
    fullName: 'Direct Poster',
    age: 30,
    gender: 'female',
    email,
    phone: '+91 98765 43210',
    address: '1 Mall Road, Shimla',
    pincode: '171001',
    fieldValues: { artworkTitle: 'Late', medium: 'Ink', size: 'A4' },
    consent: true,
    publicationConsent: 'name',
  };
  const photo = await generatedImage({ name: 'me.jpg', background: '#1d4ed8' });
  const artwork = await generatedImage({ name: 'art.jpg', background: '#be123c' });
  return request.post('/api/submissions', {
    headers: { ...OURS, 'idempotency-key': randomUUID(), 'x-forwarded-for': nextClientAddress() },
    multipart: { data: JSON.stringify(data), photo, 'fieldValues.artworkUrl': artwork },
  });
}

test('Publish waits for the close, taken from its dialog; then no Register Now, and the API refuses', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tag = jury.newTag();
  const title = `Lifecycle journey ${tag}`;
  const admin = await jury.adminApi(baseURL!);
  const competitionId = await jury.createCompetition(admin, request, title);
  const [entry] = await jury.approvedEntries(admin, request, title, tag, 1);
  const base = `/api/admin/competitions/${competitionId}`;
  const awards = [{ submissionId: entry!.id, title: 'First', prize: '' }];
  expect((await admin.put(`${base}/awards`, { data: { awards } })).status()).toBe(200);

  // Open: the page offers Register Now, with the closing time and its time zone.
  await page.goto(`/competition/${competitionId}`);
  await expectPageHeading(page, title);
  await expect(page.getByRole('link', { name: 'Register Now' })).toBeVisible();
  await expect(page.getByTestId('closing-time')).toContainText(
    /^Closes \d{1,2} \w{3} \d{4}, 11:59 pm IST/,
  );

  // The API refuses Publish while entries are open, before anything else.
  const early = await admin.post(`${base}/results/publish`);
  expect(early.status()).toBe(409);
  expect(((await early.json()) as { error: { code: string } }).error.code).toBe('ENTRIES_OPEN');

  await openAdminScreen(page, `/admin/judging/${competitionId}`, `Judging: ${title}`);
  await page.getByRole('button', { name: 'Publish results…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish the results' });
  await expect(dialog).toContainText(
    /Entries are still open until .+ IST\. Close entries before publishing the results\./,
  );
  const publish = dialog.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close entries now' }).click();
  await expect(publish).toBeEnabled();
  await expect(dialog.getByText(/Entries are still open/)).toBeHidden();
  await publish.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Results published: 1 e-mail queued.')).toBeVisible();

  // A visitor finds it closed: no Register Now; a registration sent anyway is refused.
  await page.goto(`/competition/${competitionId}`);
  await expectPageHeading(page, title);
  await appStarted(page);
  await expect(page.getByText(CLOSED_MESSAGE)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
  const refused = await postRegistration(request, competitionId, `late-${tag}@example.com`);
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({
    error: {
      code: 'COMPETITION_NOT_OPEN',
      message: 'The results of this competition are published: it takes no more entries.',
    },
  });
});

test('after the close, the artist with an extension link registers; another artist cannot', async ({
  page,
  request,
  baseURL,
  expectConsoleError,
}) => {
  test.setTimeout(90_000);
  const tag = jury.newTag();
  const title = `Extension journey ${tag}`;
  const admin = await jury.adminApi(baseURL!);
  const categories = await getCategories(request);
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const created = await admin.post('/api/admin/competitions', {
    data: {
      title,
      description: 'Closed yesterday; one artist may still enter.',
      categoryId: categories.find((c) => c.name === DEMO.categories.painting.name)?.id,
      startDate: day(-10),
      endDate: day(-2),
      entryType: 'free',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: competitionId } = (await created.json()) as { id: string };
  const artist = { ...ARTIST, email: `meera-${tag}@example.com` };
  // The admin grants the link from the competition's Extensions dialog, in the site's time zone.
  await openAdminScreen(page, '/admin/competitions', 'Competitions');
  await page.getByRole('button', { name: `Extensions for ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Extensions: ${title}` });
  await dialog.getByLabel("Artist's e-mail").fill(artist.email);
  const inTwoHours = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(Date.now() + 2 * 3_600_000);
  await dialog.getByLabel('Valid until').fill(inTwoHours.replace(' ', 'T'));
  await dialog.getByRole('button', { name: 'Grant extension' }).click();
  await expect(dialog.getByText('it will not be shown again')).toBeVisible();
  const link = new URL(await dialog.locator('code').innerText());
  await expect(dialog.getByRole('listitem').filter({ hasText: artist.email })).toContainText(
    'used 0 times',
  );

  // Without the link: closed, no form.
  await page.goto(registerPath(competitionId));
  await expectPageHeading(page, 'Register');
  await appStarted(page);
  await expect(page.getByText(CLOSED_MESSAGE)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Registration' })).toHaveCount(0);

  // Another artist with the link (it was forwarded): refused. Opened afresh, as from an e-mail.
  await page.goto('about:blank');
  await page.goto(`${link.pathname}${link.search}${link.hash}`);
  await expectPageHeading(page, 'Register');
  await appStarted(page);
  await expect(page.getByText(/you have a personal extension/)).toBeVisible();
  await expect(submitButton(page)).toBeEnabled();
  expectConsoleError({ text: /status of 409/, url: /\/api\/submissions$/ });
  await fillValidForm(page, { ...artist, email: `someone-else-${tag}@example.com` });
  await submitButton(page).click();
  await expect(
    page.getByText('This extension link was given for another e-mail address.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register\/competition/);

  // The artist it was given to registers.
  await page.goto('about:blank');
  await page.goto(`${link.pathname}${link.search}${link.hash}`);
  await expectPageHeading(page, 'Register');
  await appStarted(page);
  await expect(submitButton(page)).toBeEnabled();
  await fillValidForm(page, artist);
  await submitButton(page).click();
  await expect(page).toHaveURL('/registration-success');
});
