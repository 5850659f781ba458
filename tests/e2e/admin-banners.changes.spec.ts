/*
 * An admin adds a banner with an uploaded image at /admin/banner-settings, edits
 * it, changes the order and deletes it, and the home page's slideshow shows each change at once.
 * The banners here carry a random suffix and are removed afterwards.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiSignedInAs, FIRST_ADMIN, generatedImage, openAdminScreen } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const SUFFIX = randomBytes(3).toString('hex');
const named = (title: string) => `${title} ${SUFFIX}`;

// One list that every journey here reorders: they run one after the other.
test.describe.configure({ mode: 'default' });

let api: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  api = await apiSignedInAs(baseURL as string, FIRST_ADMIN);
});

test.afterAll(async () => {
  const response = await api.get('/api/admin/banners');
  for (const banner of (await response.json()) as { id: string; title: string }[]) {
    if (banner.title.endsWith(SUFFIX)) await api.delete(`/api/admin/banners/${banner.id}`);
  }
  await api.dispose();
});

/** A banner-shaped picture of one colour. */
const picture = (name: string, background: string) =>
  generatedImage({ name, background, width: 1600, height: 667 });

/** Adds a banner through the API with a fresh upload, as another admin might have. */
async function addBannerByApi(title: string, background: string) {
  const upload = await api.post('/api/admin/uploads/images', {
    multipart: { file: await picture('banner.png', background) },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  const created = await api.post('/api/admin/banners', {
    data: { title, description: `About ${title}`, imageUrl: url },
  });
  expect(created.status(), await created.text()).toBe(201);
}

async function openBanners(page: Page) {
  await openAdminScreen(page, '/admin/banner-settings', 'Banner Settings');
  await expect(page.getByRole('table')).toBeVisible();
}

/** The admin table's titles, top to bottom. */
const adminTitles = (page: Page) => page.getByRole('row').locator('td:nth-child(3)');

/** The home slideshow's slides, in order (only the first is shown: motion is reduced). */
async function homeSlides(page: Page): Promise<Locator> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Featured banners' });
  return carousel.locator('[aria-roledescription="slide"]');
}

test('adds a banner with an uploaded image, first in the list and on the home page; edits and deletes it', async ({
  page,
}) => {
  const title = named('Monsoon open call');
  await openBanners(page);
  await page.getByRole('button', { name: 'Add Banner' }).click();
  const form = page.getByRole('dialog', { name: 'Add Banner' });

  // Nothing chosen yet: the seed's message for the image, and the other two required fields.
  await form.getByRole('button', { name: 'Save Banner' }).click();
  await expect(form.getByText('Banner image is required')).toBeVisible();
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(form.getByText('Description is required')).toBeVisible();

  await form.getByLabel('Banner image').setInputFiles(await picture('monsoon.png', '#0f766e'));
  const preview = form.getByAltText('Banner image: preview');
  await expect(preview).toBeVisible();
  const imageUrl = (await preview.getAttribute('src')) ?? '';
  expect(imageUrl).toMatch(/^\/media\/.+\.jpg$/);
  await expect(form.getByText('Banner image is required')).toHaveCount(0);
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('Paint the rain, win a residency.');
  await form.getByRole('button', { name: 'Save Banner' }).click();

  const toast = page.getByRole('status').filter({ hasText: 'Banner added successfully' });
  await expect(toast).toBeVisible();
  await expect(form).toBeHidden();
  await expect(adminTitles(page).first()).toHaveText(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Paint the rain, win a residency.')).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', imageUrl);
  // Seed §9: banner toasts last 3 s.
  await expect(toast).toHaveCount(0, { timeout: 4500 });

  let slides = await homeSlides(page);
  await expect(slides.first()).toContainText(title);
  await expect(slides.first()).toContainText('Paint the rain, win a residency.');
  await expect(slides.first().locator('img')).toHaveAttribute('src', imageUrl);
  await expect(slides.first().locator('img')).toHaveAttribute('srcset', /\.webp 400w/);

  // Edit: the form comes filled in; a new title shows in the list and on the home page.
  const renamed = named('Monsoon residency');
  await page.goto('/admin/banner-settings');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Banner' });
  await expect(edit.getByLabel('Title')).toHaveValue(title);
  await expect(edit.getByAltText('Banner image: preview')).toHaveAttribute('src', imageUrl);
  await edit.getByLabel('Title').fill(renamed);
  await edit.getByRole('button', { name: 'Update Banner' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Banner updated successfully' }),
  ).toBeVisible();
  await expect(adminTitles(page).first()).toHaveText(renamed);
  slides = await homeSlides(page);
  await expect(slides.first()).toContainText(renamed);

  // Delete, after the question.
  await page.goto('/admin/banner-settings');
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${renamed}` });
  await expect(dialog.getByText('Are you sure you want to delete this banner?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Banner deleted successfully' }),
  ).toBeVisible();
  await expect(adminTitles(page).filter({ hasText: renamed })).toHaveCount(0);
  slides = await homeSlides(page);
  await expect(slides.filter({ hasText: renamed })).toHaveCount(0);
  await expect(slides.first()).toBeAttached();
});

test('moves a banner with the keyboard, and the home page shows the new order', async ({
  page,
}) => {
  const first = named('Sculpture week');
  const second = named('Ink and wash');
  await addBannerByApi(first, '#7c3aed');
  await addBannerByApi(second, '#b45309'); // newest: shown first
  await openBanners(page);
  await expect(adminTitles(page).nth(0)).toHaveText(second);
  await expect(adminTitles(page).nth(1)).toHaveText(first);

  const moveDown = page.getByRole('button', { name: `Move down ${second}` });
  await moveDown.focus();
  await page.keyboard.press('Enter');
  await expect(adminTitles(page).nth(0)).toHaveText(first);
  await expect(adminTitles(page).nth(1)).toHaveText(second);
  await expect(
    page.getByRole('status').filter({ hasText: `${second} moved to position 2 of` }),
  ).toBeAttached();
  // The focus stays with the banner that moved, ready to move it again.
  await expect(moveDown).toBeFocused();

  let slides = await homeSlides(page);
  await expect(slides.nth(0)).toContainText(first);
  await expect(slides.nth(1)).toContainText(second);

  // And back, with Space this time.
  await page.goto('/admin/banner-settings');
  const moveUp = page.getByRole('button', { name: `Move up ${second}` });
  await moveUp.focus();
  await page.keyboard.press('Space');
  await expect(adminTitles(page).nth(0)).toHaveText(second);
  // At the top Move up is disabled: its Move down keeps the focus.
  await expect(moveUp).toBeDisabled();
  await expect(page.getByRole('button', { name: `Move down ${second}` })).toBeFocused();
  slides = await homeSlides(page);
  await expect(slides.nth(0)).toContainText(second);
  await expect(slides.nth(1)).toContainText(first);
});

test('the list and the open form have no axe violations', async ({ page }) => {
  await addBannerByApi(named('Axe check'), '#1d4ed8');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openBanners(page);
  await expectNoAxeViolations(page, 'the banner list');

  await page.getByRole('button', { name: 'Add Banner' }).click();
  const form = page.getByRole('dialog', { name: 'Add Banner' });
  await form.getByRole('button', { name: 'Save Banner' }).click();
  await expect(form.getByText('Banner image is required')).toBeVisible();
  await expectNoAxeViolations(page, 'the open banner form with its messages');
});
