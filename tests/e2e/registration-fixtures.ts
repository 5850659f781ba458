/*
 * What the registration journeys share: the form's address, its fields as an artist
 * finds them, pictures to choose, and filling the form in one go.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { generatedImage, OURS } from './admin-fixtures.ts';
import { appStarted, expect, expectPageHeading, getCompetition, test } from './fixtures.ts';

export const registerPath = (competitionId: string) =>
  `/register/competition?competition=${encodeURIComponent(competitionId)}`;

/** Opens the form of the demo competition with this title; returns the competition. */
export async function openRegistration(page: Page, request: APIRequestContext, title: string) {
  const competition = await getCompetition(request, title);
  await page.goto(registerPath(competition.id));
  await expectPageHeading(page, 'Register');
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  // The form is read before any script; a picture or an answer is only taken in once the app
  // runs the form (its own part loads after the app starts): its Submit is enabled from then on.
  await appStarted(page);
  if ((await page.getByRole('form', { name: 'Registration' }).count()) > 0) {
    await expect(submitButton(page)).toBeEnabled();
  }
  return competition;
}

/** A control by the start of its label (the required mark follows it). */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

export const submitButton = (page: Page) =>
  page.getByRole('button', { name: 'Submit Registration' });

/** The page's own alert (the toasts have theirs). */
export const formAlert = (page: Page) =>
  page.getByRole('form', { name: 'Registration' }).getByRole('alert');

/** A picture as the file chooser hands it over. */
export interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real JPEG of `width` × `height`, saved by a camera held sideways when `orientation` is 6. */
export async function photo(
  name: string,
  {
    width = 1200,
    height = 900,
    orientation,
  }: { width?: number; height?: number; orientation?: number } = {},
): Promise<ChosenFile> {
  let image = sharp({ create: { width, height, channels: 3, background: '#7c3aed' } }).jpeg();
  if (orientation) image = image.withMetadata({ orientation });
  return { name, mimeType: 'image/jpeg', buffer: await image.toBuffer() };
}

/** Chooses a file with a picker's chooser and waits until the picture is ready to send. */
export async function choosePicture(page: Page, label: string, file: ChosenFile): Promise<void> {
  await field(page, label).setInputFiles(file);
  await expect(page.getByRole('img', { name: `${label}: preview`, exact: true })).toBeVisible();
}

export interface Artist {
  fullName: string;
  age: string;
  gender: 'Male' | 'Female' | 'Transgender';
  email: string;
  phone: string;
  address: string;
  pincode: string;
}

export const ARTIST: Artist = {
  fullName: 'Meera Iyer',
  age: '34',
  gender: 'Female',
  email: 'meera.iyer@example.com',
  phone: '+91 98765 43210',
  address: '4 Lake Road, Kolkata',
  pincode: '700029',
};

/** Fills the demo category's form (its five enabled fields) with valid answers and pictures. */
export async function fillValidForm(page: Page, artist: Artist = ARTIST): Promise<void> {
  await field(page, 'Full Name').fill(artist.fullName);
  await field(page, 'Age').fill(artist.age);
  await page.getByRole('radio', { name: artist.gender, exact: true }).check();
  await field(page, 'Email').fill(artist.email);
  await field(page, 'Phone Number').fill(artist.phone);
  await field(page, 'Address').fill(artist.address);
  await field(page, 'Pincode').fill(artist.pincode);
  await choosePicture(page, 'Photo', await photo('me.jpg'));
  await field(page, 'Artwork Title').fill('Rain on Park Street');
  await choosePicture(
    page,
    'Artwork Photo',
    await photo('painting.jpg', { width: 3000, height: 2000 }),
  );
  await field(page, 'Medium').fill('Watercolour on paper');
  await field(page, 'Size').fill('30 × 40 cm');
  await field(page, 'I have read the privacy policy').check();
  await page
    .getByRole('radio', { name: 'Show my work with my name on the results page', exact: true })
    .check();
}

/** Presses Tab until `target` has the focus (the keyboard-only way there); fails after `max`. */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The success page's receipt: the value after the term ('Your reference', 'Competition', …). */
export function receiptValue(page: Page, term: string): Locator {
  return page.locator(`dt:text-is("${term}") + dd`);
}

/** A registration's receipt, as POST /api/submissions answers it. */
export interface Receipt {
  id: string;
  reference: string;
  entryToken: string;
}

/** Registrations this worker process has sent through the API. */
let apiRegistrations = 0;

/**
 * The client address of the next registration through the API, as a proxy names it in
 * X-Forwarded-For (the suite's server trusts the header: TRUST_PROXY in playwright.config.ts). The
 * server allows each address 10 registrations in 10 minutes (REGISTRATION_LIMIT), and the whole
 * suite runs from 127.0.0.1: each call here comes from an address of its own, so journeys may
 * register through the API as often as they need, and the browser's registrations keep the
 * budget of 127.0.0.1 to themselves. The address is in 2001:db8::/32, the documentation prefix
 * (RFC 3849), which no real client has; the worker's index (unique within a run) and its count of
 * calls make it unique within the run by construction, and the random end across runs. IPv4's
 * documentation blocks hold 3 × 256 addresses, too few to be unique by construction.
 */
export function nextClientAddress(): string {
  apiRegistrations += 1;
  const { workerIndex } = test.info();
  const counted = [workerIndex, apiRegistrations].map((n) => n.toString(16));
  const random = randomBytes(8).toString('hex').match(/.{4}/g) as string[];
  return ['2001:db8', ...counted, ...random].join(':');
}

/**
 * Registers for the demo competition with this title through the API, as the form does (the
 * photo and every field of its category filled, `data` first, then the files), and expects 201.
 * A paid competition's fee stays unpaid. Each call comes from an address of its own
 * (`nextClientAddress`), so it never counts against the browser's registrations from 127.0.0.1.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  competitionTitle: string,
  artist: {
    fullName: string;
    email: string;
    /** How the work may be shown on the results page; by name unless told. */
    publicationConsent?: 'name' | 'anonymous' | 'none';
  },
): Promise<Receipt> {
  const competition = await getCompetition(request, competitionTitle);
  const form = await request.get(`/api/competitions/${competition.id}/registration-form`);
  expect(form.status(), await form.text()).toBe(200);
  const { formFields } = (await form.json()) as {
    formFields: { id: string; label: string; type: 'text' | 'image' | 'video' | 'link' }[];
  };
  const fieldValues: Record<string, string> = {};
  const files: Record<string, Awaited<ReturnType<typeof generatedImage>>> = {
    photo: await generatedImage({ name: 'me.jpg', background: '#1d4ed8', width: 400, height: 500 }),
  };
  for (const formField of formFields) {
    if (formField.type === 'image') {
      files[`fieldValues.${formField.id}`] = await generatedImage({
        name: `${formField.id}.jpg`,
        background: '#be123c',
      });
    } else if (formField.type === 'text') {
      fieldValues[formField.id] = `${formField.label} of ${artist.fullName}`;
    } else {
      fieldValues[formField.id] = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
    }
  }
  const data = {
    competitionId: competition.id,
    fullName: artist.fullName,
    age: 36,
    gender: 'female',
    email: artist.email,
    phone: '+91 98765 43210',
    address: '21 Ghole Road, Pune',
    pincode: '411005',
    fieldValues,
    consent: true,
    publicationConsent: artist.publicationConsent ?? 'name',
  };
  const response = await request.post('/api/submissions', {
    headers: {
      ...OURS,
      'idempotency-key': randomUUID(),
      'x-forwarded-for': nextClientAddress(),
    },
    // `data` first, then the files, as the browser's form sends them.
    multipart: { data: JSON.stringify(data), ...files },
  });
  expect(response.status(), await response.text()).toBe(201);
  const receipt = (await response.json()) as Receipt;
  expect(receipt.reference).toMatch(/^WS-\d{4}-\d{6}$/);
  return receipt;
}
