/*
 * What the registration journeys share (issue 12): the form's address, its fields as an artist
 * finds them, pictures to choose, and filling the form in one go.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectPageHeading, getCompetition } from './fixtures.ts';

export const registerPath = (competitionId: string) =>
  `/register/competition?competition=${encodeURIComponent(competitionId)}`;

/** Opens the form of the demo competition with this title; returns the competition. */
export async function openRegistration(page: Page, request: APIRequestContext, title: string) {
  const competition = await getCompetition(request, title);
  await page.goto(registerPath(competition.id));
  await expectPageHeading(page, 'Register');
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
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
