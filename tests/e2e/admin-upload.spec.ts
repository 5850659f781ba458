/*
 * The admin upload widget, in the banner form, against the real upload route. It
 * stores images but puts them on no record, so it runs with the read-only journeys.
 */
import type { Page } from '@playwright/test';
import { generatedImage, openAdminScreen } from './admin-fixtures.ts';
import { expect, test } from './fixtures.ts';

const UPLOAD_URL = /\/api\/admin\/uploads\/images$/;
const refusedWith = (status: 413 | 415 | 422) => ({
  text: new RegExp(`status of ${status}`),
  url: UPLOAD_URL,
});

const png = (name: string) =>
  generatedImage({ name, background: '#2563eb', width: 320, height: 200 });

async function openBannerForm(page: Page) {
  await openAdminScreen(page, '/admin/banner-settings', 'Banner Settings');
  await page.getByRole('button', { name: 'Add Banner' }).click();
  return page.getByLabel('Banner image');
}

/** The widget's message, announced (role alert) and tied to the input as its description. */
async function expectRefusal(page: Page, message: string) {
  await expect(page.getByRole('alert').filter({ hasText: message })).toHaveText(message);
  await expect(page.getByLabel('Banner image')).toHaveAccessibleDescription(
    `PNG, JPG up to 10MB ${message}`,
  );
}

/** Counts the upload requests the page sends from now on. */
function countUploads(page: Page): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && UPLOAD_URL.test(request.url())) sent++;
  });
  return () => sent;
}

test('the hint is enforced before sending: another type or over 10 MB never leaves the browser', async ({
  page,
}) => {
  const input = await openBannerForm(page);
  const uploads = countUploads(page);
  await expect(page.getByText('PNG, JPG up to 10MB')).toBeVisible();

  await input.setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await expectRefusal(page, 'Invalid file type. Please upload a JPEG or PNG image.');

  await input.setInputFiles({
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expectRefusal(page, 'File size must be less than 10MB.');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(uploads()).toBe(0);
});

test('the server judges the bytes: a renamed script and a truncated JPEG get the seed messages', async ({
  page,
  expectConsoleError,
}) => {
  expectConsoleError(refusedWith(415));
  expectConsoleError(refusedWith(422));
  const input = await openBannerForm(page);

  await input.setInputFiles({
    name: 'shell.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<?php system($_GET["c"]); ?>'),
  });
  await expectRefusal(page, 'Invalid file type. Please upload a JPEG or PNG image.');

  const jpeg = await generatedImage({
    name: 'cut.jpg',
    background: '#ca8a04',
    width: 400,
    height: 300,
  });
  await input.setInputFiles({
    ...jpeg,
    buffer: jpeg.buffer.subarray(0, Math.floor(jpeg.buffer.length / 2)),
  });
  await expectRefusal(page, 'Failed to process image');
  await expect(page.getByAltText('Banner image: preview')).toHaveCount(0);
});

test('an image chosen or dropped is uploaded, previewed from the server and can be removed', async ({
  page,
}) => {
  const input = await openBannerForm(page);
  const blue = await png('blue.png');

  await input.setInputFiles(blue);
  const preview = page.getByAltText('Banner image: preview');
  await expect(preview).toHaveAttribute('src', /^\/media\/[^/]+\.jpg$/);
  // The preview is the server's re-encoded copy, really loaded.
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Banner image uploaded' }),
  ).toBeAttached();

  await page.getByRole('button', { name: 'Remove banner image' }).click();
  await expect(preview).toHaveCount(0);
  // The Remove button has gone: the focus is on the file input, not lost to the page.
  await expect(input).toBeFocused();

  // Drag and drop: the same file dropped on the zone.
  const dataTransfer = await page.evaluateHandle((base64) => {
    const transfer = new DataTransfer();
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    transfer.items.add(new File([data], 'dropped.png', { type: 'image/png' }));
    return transfer;
  }, blue.buffer.toString('base64'));
  await page.getByText('Drag and drop an image here').dispatchEvent('drop', { dataTransfer });
  await expect(preview).toHaveAttribute('src', /^\/media\/[^/]+\.jpg$/);
});

test('progress shows while the image is sent, the form waits for it, and the upload can be cancelled', async ({
  page,
}) => {
  const input = await openBannerForm(page);
  // The server's answer is held back, so the upload stays in flight until cancelled.
  await page.route(UPLOAD_URL, () => {});
  await input.setInputFiles(await png('slow.png'));
  await expect(page.getByRole('progressbar', { name: 'Uploading slow.png' })).toBeVisible();
  await expect(input).toBeDisabled();

  // Saving now would save the banner without its image: the form says to wait instead.
  const wait = page
    .getByRole('alert')
    .filter({ hasText: 'Wait for the image to finish uploading.' });
  await page.getByRole('button', { name: 'Save Banner' }).click();
  await expect(wait).toBeVisible();
  await expect(page.getByText('Banner image is required')).toHaveCount(0);

  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Upload cancelled' })).toBeAttached();
  await expect(input).toBeEnabled();
  // Cancel upload has gone: the focus is on the file input.
  await expect(input).toBeFocused();
  await expect(wait).toHaveCount(0);
  await expect(page.getByAltText('Banner image: preview')).toHaveCount(0);
});
