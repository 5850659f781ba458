/*
 * In Chromium: the admin's entry page shows the photo and the artworks
 * and approves the entry, and its Back returns to the review view it was opened from, filters,
 * search and all; a second, unpaid entry of one e-mail in one competition is shown as a likely
 * duplicate, and deleting it clears the mark. The journeys register through the API and decide,
 * so they run with the ones that change the site's data; each view is narrowed by a search for
 * this journey's own artists.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { openAdminScreen } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { DEMO, expect, expectPageHeading, test } from './fixtures.ts';
import {
  expectListed,
  filters,
  HEADING,
  register,
  type Registered,
  rowOf,
  SCREEN,
  searchBox,
  successToast,
} from './review-fixtures.ts';

const C = DEMO.competitions;

// Registers through the API, decides, and runs axe on two shared cores.
test.slow();

const filter = (page: Page, name: 'Status' | 'Payment' | 'Duplicates') =>
  filters(page).getByRole('combobox', { name, exact: true });

/** The picture has arrived and decoded: a real image, not a broken one. */
async function expectPictureShown(picture: Locator): Promise<void> {
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test('the entry page shows the pictures, approves the entry, and Back returns to the filtered list', async ({
  page,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const meera = await register(request, C.monsoon, {
    fullName: `Meera Pillai ${tag}`,
    email: `meera-${tag}@example.com`,
  });
  const kabir = await register(request, C.monsoon, {
    fullName: `Kabir Sethi ${tag}`,
    email: `kabir-${tag}@example.com`,
  });
  const view = `${SCREEN}?q=${tag}&status=pending`;

  await openAdminScreen(page, view, HEADING);
  await expectListed(page, [kabir, meera]);
  await rowOf(page, meera).getByRole('link', { name: meera.reference, exact: true }).click();

  await expectPageHeading(page, `Entry ${meera.reference}`);
  const pictures = page.getByRole('region', { name: 'Photo and artworks' });
  await expectPictureShown(pictures.getByRole('img', { name: `Photo of ${meera.fullName}` }));
  await expectPictureShown(pictures.getByRole('img', { name: 'Artwork Photo' }));
  await expect(page.getByRole('definition').filter({ hasText: /^Pending Review$/ })).toBeVisible();
  await expectNoAxeViolations(page, "the admin's entry page");

  const approve = page.getByRole('button', { name: 'Approve', exact: true });
  await approve.click();
  await expect(successToast(page, 'Submission approved')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^Approved$/ })).toBeVisible();
  await expect(approve).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Reject', exact: true })).toBeEnabled();

  await page.getByRole('link', { name: 'Back to submissions' }).click();
  await expectPageHeading(page, HEADING);
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === SCREEN &&
      url.searchParams.get('q') === tag &&
      url.searchParams.get('status') === 'pending',
  );
  await expect(searchBox(page)).toHaveValue(tag);
  await expect(filter(page, 'Status')).toHaveValue('pending');
  // The filters still apply: the approved entry has left the pending view.
  await expectListed(page, [kabir]);
});

test('a second, unpaid entry of one e-mail in one competition is marked; deleting it clears the mark', async ({
  page,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const artist = { fullName: `Tara Sen ${tag}`, email: `tara-${tag}@example.com` };
  // A paid competition: both entries wait for their fee, as after pressing Back in the checkout.
  const first: Registered = await register(request, C.portraits, artist);
  const second: Registered = await register(request, C.portraits, {
    ...artist,
    email: ` TARA-${tag}@Example.com`.trim(),
  });
  const other = await register(request, C.portraits, {
    fullName: `Ravi Kumar ${tag}`,
    email: `ravi-${tag}@example.com`,
  });

  await openAdminScreen(page, `${SCREEN}?q=${tag}`, HEADING);
  await expectListed(page, [other, second, first]);
  const badge = (entry: Registered) =>
    rowOf(page, entry).getByRole('link', { name: /^Possible duplicate/ });
  await expect(badge(first)).toHaveText('Possible duplicate');
  await expect(badge(second)).toHaveText('Possible duplicate');
  await expect(badge(other)).toHaveCount(0);
  await expectNoAxeViolations(page, 'the review with two likely duplicates');

  // The dashboard lists the group (among any that other journeys made) and leads to it.
  await page.goto('/admin/dashboard');
  await expectPageHeading(page, 'Dashboard');
  const duplicates = page.getByRole('region', { name: 'Possible duplicate entries' });
  const group = duplicates.getByRole('listitem').filter({
    has: page.getByRole('link', { name: first.email, exact: true }),
  });
  await expect(group).toContainText(`${C.portraits} · 2 entries, 2 unpaid`);
  await expectNoAxeViolations(page, 'the dashboard with a likely duplicate');
  await group.getByRole('link', { name: first.email, exact: true }).click();
  await expectPageHeading(page, HEADING);
  await expect(filter(page, 'Duplicates')).toHaveValue('only');
  await expect(searchBox(page)).toHaveValue(first.email);
  await expectListed(page, [second, first]);

  // The badge of a row leads to the same view.
  await page.goBack();
  await page.goBack();
  await expectPageHeading(page, HEADING);
  await expectListed(page, [other, second, first]);
  await badge(second).click();
  await expect(filter(page, 'Duplicates')).toHaveValue('only');
  await expect(searchBox(page)).toHaveValue(second.email);
  await expectListed(page, [second, first]);

  await page.getByRole('button', { name: `Delete ${second.reference}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete submission' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(successToast(page, 'Submission deleted')).toBeVisible();
  // The one left is alone now: no longer a likely duplicate, so the filter shows nothing.
  await expect(page.getByText('No submissions found matching your criteria.')).toBeVisible();
  await filter(page, 'Duplicates').selectOption({ label: 'All entries' });
  await expectListed(page, [first]);
  await expect(badge(first)).toHaveCount(0);
});
