/*
 * The admin's competitions screen, end to end. A competition made here with real
 * uploaded pictures shows on the public site at once, follows every edit, and leaves it when
 * deleted. Other journeys may run beside this one on the same server: names carry a random
 * suffix and no total is assumed.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { generatedImage, openAdminScreen } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import {
  DEMO,
  expect,
  expectPageHeading,
  failedToLoad,
  featuredSection,
  fullDate,
  test,
} from './fixtures.ts';

/** A calendar date `days` from today, as a date input takes it. */
function daysFromToday(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

const openCompetitions = (page: Page) =>
  openAdminScreen(page, '/admin/competitions', 'Competitions');

async function openAddForm(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Competition' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Competition' });
  await expect(dialog).toBeVisible();
  // The categories have arrived when the selector offers the demo's.
  await expect(
    dialog.getByRole('option', { name: DEMO.categories.painting.name, exact: true }),
  ).toBeAttached();
  return dialog;
}

/** The admin table's row of a competition. */
function row(page: Page, title: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
}

/** The picture of an <img> really arrived and is not the placeholder. */
async function expectLoaded(image: Locator) {
  await expect(image).toHaveAttribute('src', /^\/media\/[0-9a-f]+\.jpg$/);
  await expect(image).not.toHaveAttribute('data-placeholder', 'true');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test('create a paid competition with pictures, edit it and delete it; the public site follows', async ({
  page,
  baseURL,
  expectConsoleError,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const title = `Rivers in Ink ${suffix}`;
  const edited = `Rivers in Ink, revised ${suffix}`;
  const startDate = daysFromToday(-1);
  const endDate = daysFromToday(30);
  await openCompetitions(page);

  // Create.
  const dialog = await openAddForm(page);
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await dialog
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Paint a river you know, in ink and wash.');
  await dialog
    .getByRole('combobox', { name: 'Category', exact: true })
    .selectOption({ label: DEMO.categories.painting.name });
  await dialog.getByLabel('Subcategory', { exact: true }).selectOption({ label: 'Watercolour' });
  await dialog.getByRole('textbox', { name: 'Start date', exact: true }).fill(startDate);
  await dialog.getByRole('textbox', { name: 'End date', exact: true }).fill(endDate);
  await expect(dialog.getByRole('spinbutton', { name: 'Entry fee (₹)', exact: true })).toHaveCount(
    0,
  );
  await dialog.getByLabel('Paid', { exact: true }).check();
  await dialog.getByRole('spinbutton', { name: 'Entry fee (₹)', exact: true }).fill('350');
  await dialog
    .getByLabel('Competition image', { exact: true })
    .setInputFiles(await generatedImage({ name: 'river.png', background: '#0e7490' }));
  await expect(dialog.getByAltText('Competition image: preview')).toBeVisible();
  await dialog
    .getByLabel('Prize image', { exact: true })
    .setInputFiles(await generatedImage({ name: 'trophy.jpg', background: '#ca8a04' }));
  await expect(dialog.getByAltText('Prize image: preview')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Competition' }).click();
  await expect(page.getByText(`Competition '${title}' added successfully`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const created = row(page, title);
  await expect(created).toContainText('₹350');
  await expect(created).toContainText('Paint a river you know, in ink and wash.');
  await expect(created).toContainText(DEMO.categories.painting.name);
  await expect(created).toContainText('Watercolour');
  await expect(created).toContainText(fullDate(startDate));
  await expect(created).toContainText(fullDate(endDate));
  await expect(created).toContainText('Open');

  // On the public home list, then its detail page with both pictures.
  await page.goto('/');
  const card = featuredSection(page).getByRole('heading', { level: 3, name: title });
  await expect(card).toBeVisible();
  await card.getByRole('link').click();
  await expect(page).toHaveURL(/\/competition\/[0-9a-f-]{36}$/);
  const detailPath = new URL(page.url()).pathname;
  await expectPageHeading(page, title);
  await expectLoaded(page.getByRole('img', { name: title, exact: true }));
  await expectLoaded(page.getByRole('img', { name: `Prize for ${title}` }));
  await expect(page.getByRole('complementary', { name: 'Entry' })).toContainText('₹350');

  // Edit the title and the fee.
  await page.goto('/admin/competitions');
  await row(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const editor = page.getByRole('dialog', { name: 'Edit Competition' });
  await expect(editor.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
  await expect(editor.getByLabel('Subcategory', { exact: true })).toHaveValue(/.+/);
  await expect(editor.getByAltText('Competition image: preview')).toBeVisible();
  await editor.getByRole('textbox', { name: 'Title', exact: true }).fill(edited);
  await editor.getByRole('spinbutton', { name: 'Entry fee (₹)', exact: true }).fill('500');
  await editor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`Competition '${edited}' updated successfully`)).toBeVisible();
  await expect(row(page, edited)).toContainText('₹500');
  await expect(row(page, title)).toHaveCount(0);

  await page.goto(detailPath);
  await expectPageHeading(page, edited);
  await expect(page.getByRole('complementary', { name: 'Entry' })).toContainText('₹500');
  await expectLoaded(page.getByRole('img', { name: edited, exact: true }));

  // Delete.
  await page.goto('/admin/competitions');
  await row(page, edited)
    .getByRole('button', { name: `Delete ${edited}` })
    .click();
  const confirm = page.getByRole('dialog', { name: `Delete ${edited}` });
  await expect(confirm).toContainText('Are you sure you want to delete this competition?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Competition deleted successfully')).toBeVisible();
  await expect(row(page, edited)).toHaveCount(0);

  // Gone from the public site.
  await page.goto('/');
  await expect(featuredSection(page).getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(featuredSection(page).getByRole('heading', { level: 3, name: edited })).toHaveCount(
    0,
  );
  expectConsoleError({ text: failedToLoad(404), url: `${baseURL}${detailPath}` });
  const gone = await page.goto(detailPath);
  expect(gone?.status()).toBe(404);
  await expectPageHeading(page, 'Competition not found');
});

test("the form refuses an end date before the start date: 'End date must be on or after the start date'", async ({
  page,
}) => {
  await openCompetitions(page);
  const dialog = await openAddForm(page);
  await dialog
    .getByRole('textbox', { name: 'Title', exact: true })
    .fill(`Never saved ${randomBytes(3).toString('hex')}`);
  await dialog
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Its dates are the wrong way round.');
  await dialog
    .getByRole('combobox', { name: 'Category', exact: true })
    .selectOption({ label: DEMO.categories.painting.name });
  await dialog.getByRole('textbox', { name: 'Start date', exact: true }).fill(daysFromToday(10));
  await dialog.getByRole('textbox', { name: 'End date', exact: true }).fill(daysFromToday(5));
  await dialog.getByRole('button', { name: 'Add Competition' }).click();
  const endDate = dialog.getByRole('textbox', { name: 'End date', exact: true });
  await expect(endDate).toHaveAttribute('aria-invalid', 'true');
  await expect(endDate).toHaveAccessibleDescription(/End date must be on or after the start date/);
  await expect(dialog.getByText('End date must be on or after the start date')).toBeVisible();
  // Cancel leaves without saving.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('the list and the open form (with its messages and a paid fee) have no axe violations', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openCompetitions(page);
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page, 'the competitions list');

  const dialog = await openAddForm(page);
  await dialog
    .getByRole('combobox', { name: 'Category', exact: true })
    .selectOption({ label: DEMO.categories.painting.name });
  await dialog.getByLabel('Paid', { exact: true }).check();
  await dialog.getByRole('spinbutton', { name: 'Entry fee (₹)', exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Add Competition' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Entry fee is required')).toBeVisible();
  await expectNoAxeViolations(page, 'the open competition form');
});
