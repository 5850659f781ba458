/*
 * PRODUCT.md point 12: an admin changes the site's colour, title and about text
 * at /admin/site-settings, and the public site shows each at once. The settings are one document
 * every journey on this server reads, so they are put back afterwards.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignedInAs, FIRST_ADMIN, openAdminScreen } from './admin-fixtures.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const PATH = '/api/admin/site-settings';
/** Fails AA with white text (about 1.4:1); the passing one is about 5.5:1. */
const PALE = '#FDE68A';
const PASSING = { hex: '#0F766E', rgb: 'rgb(15, 118, 110)' };

// One settings document: the journeys here must not overlap each other.
test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
let original: unknown;

test.beforeAll(async ({ baseURL }) => {
  api = await apiSignedInAs(baseURL as string, FIRST_ADMIN);
  const response = await api.get(PATH);
  expect(response.status()).toBe(200);
  original = await response.json();
});

test.afterAll(async () => {
  const response = await api.put(PATH, { data: original });
  expect(response.status(), await response.text()).toBe(200);
  await api.dispose();
});

const openSiteSettings = (page: Page) =>
  openAdminScreen(page, '/admin/site-settings', 'Site Settings');

test('an admin changes the colour, title and about text, and the public site shows them', async ({
  page,
  baseURL,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const title = `Riverside Art Club ${suffix}`;
  const about = `We paint by the river, journey ${suffix}.`;

  await openSiteSettings(page);
  await expectNoAxeViolations(page, '/admin/site-settings as loaded');

  const colour = page.getByRole('textbox', { name: 'Primary colour', exact: true });
  await expect(colour).toHaveValue((original as { primaryColor: string }).primaryColor);
  await colour.fill(PALE);
  const warning = page.getByText(/^White text on this colour has a contrast ratio of/);
  await expect(warning).toHaveText(
    /contrast ratio of 1\.\d\d:1, below the 4\.5:1 WCAG AA asks for: buttons would be hard to read\. Choose a darker colour\./,
  );
  await expectNoAxeViolations(page, '/admin/site-settings with the contrast warning');
  await colour.fill(PASSING.hex);
  await expect(warning).toBeHidden();
  await expect(page.getByLabel('Pick the primary colour')).toHaveValue(PASSING.hex.toLowerCase());

  await page.getByRole('combobox', { name: 'Font' }).selectOption('Playfair Display (serif)');
  await page.getByRole('switch', { name: 'Dark mode' }).check();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByLabel('About Us', { exact: true }).fill(`## Our story\n\n${about}`);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Site settings updated successfully')).toBeVisible();
  // The admin's own tab follows at once.
  await expect(page).toHaveTitle(`Site Settings | ${title}`);

  // A visitor's first load: the server renders the new title, and the look applies.
  const fontFiles: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontFiles.push(request.url());
  });
  await page.goto('/');
  await expect(page).toHaveTitle(title);
  await expect(page.getByRole('banner').getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const contactButton = page.getByRole('banner').getByRole('link', { name: 'Contact Us' });
  await expect(contactButton).toHaveCSS('background-color', PASSING.rgb);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.evaluate(() => document.fonts.ready);
  const font = await page.evaluate(() => ({
    family: getComputedStyle(document.body).fontFamily,
    loaded: [...document.fonts].some(
      (face) => face.family.includes('Playfair Display Variable') && face.status === 'loaded',
    ),
  }));
  expect(font.family).toContain('Playfair Display Variable');
  expect(font.loaded).toBe(true);
  // Self-hosted: the font files come from this site, not a font service.
  expect(fontFiles.length).toBeGreaterThan(0);
  expect(fontFiles.filter((url) => !url.startsWith(`${baseURL}/assets/`))).toEqual([]);

  await page.goto('/about');
  await expect(page).toHaveTitle(`About Us | ${title}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Our story' })).toBeVisible();
  await expect(page.getByText(about)).toBeVisible();
});

test('a bad value is refused under its field, and nothing changes on the public site', async ({
  page,
  request,
}) => {
  await openSiteSettings(page);
  const before = await (await request.get('/api/settings')).json();

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('');
  await page.getByLabel('Map embed link').fill('https://evil.example/map');
  await page.getByRole('button', { name: 'Save settings' }).click();

  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(
    page.getByText(
      'Use an embed link from Google Maps (https://www.google.com/maps/embed…) or OpenStreetMap',
    ),
  ).toBeVisible();
  await expect(page.getByText('Site settings updated successfully')).toBeHidden();
  expect(await (await request.get('/api/settings')).json()).toEqual(before);
});
