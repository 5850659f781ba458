/*
 * What the admin journeys share. The suite's server starts with one admin, `admin`; journeys that
 * change an account (two-factor, passwords) work on an account of their own, made through the
 * API, so tests running side by side never meet.
 */
import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { expect, expectPageHeading } from './fixtures.ts';

/**
 * The browser logs every 401 as a console error. The admin area asks `GET /api/auth/session`
 * first, which answers 401 to a visitor who is not signed in, and sign-in answers 401 for the
 * missing second factor: journeys that meet these declare them.
 */
export const SIGNED_OUT_CHECK = { text: /status of 401/, url: /\/api\/auth\/session$/ };
export const REFUSED_SIGN_IN = { text: /status of 401/, url: /\/api\/auth\/login$/ };

/** The first admin's credentials in this suite's server (playwright.config.ts). */
export const FIRST_ADMIN = { username: 'admin', password: 'e2e-admin-password-not-secret' };

/** The header the site's own API client sends; the server refuses state changes without it. */
export const OURS = { 'x-requested-with': 'white-stroke' };

interface Credentials {
  username: string;
  password: string;
  code?: string;
}

/** Signs in through the API; with `page.request`, the page itself is then signed in. */
export async function signInThroughApi(
  request: APIRequestContext,
  credentials: Credentials,
): Promise<void> {
  const response = await request.post('/api/auth/login', { data: credentials, headers: OURS });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs the page in as the first admin and opens the admin screen at `path`, titled `heading`. */
export async function openAdminScreen(page: Page, path: string, heading: string): Promise<void> {
  // page.request shares the page's cookies: the session it opens is the page's.
  await signInThroughApi(page.request, FIRST_ADMIN);
  await page.goto(path);
  // The admin area is a chunk of its own (143 KB), fetched and compiled on the first visit: at
  // load 10 that took longer than the 10 s a heading is usually given.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1, { timeout: 30_000 });
  await expectPageHeading(page, heading);
}

/**
 * A real picture of one colour, made for the test and saved as its name says (.png, or .jpg), as
 * the file chooser hands it over; also a multipart upload's file.
 */
export async function generatedImage({
  name,
  background,
  width = 640,
  height = 400,
}: {
  name: string;
  background: string;
  width?: number;
  height?: number;
}): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const image = sharp({ create: { width, height, channels: 3, background } });
  const jpeg = /\.jpe?g$/i.test(name);
  const buffer = await (jpeg ? image.jpeg() : image.png()).toBuffer();
  return { name, mimeType: jpeg ? 'image/jpeg' : 'image/png', buffer };
}

/** A signed-in API client with its own cookie jar. Dispose of it when done. */
export async function apiSignedInAs(
  baseURL: string,
  credentials: Credentials,
): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: OURS });
  await signInThroughApi(api, credentials);
  return api;
}

/** A new admin account, made by `admin` through the API. */
export async function createAdminAccount(
  baseURL: string,
  prefix: string,
): Promise<{ username: string; password: string }> {
  const account = {
    username: `${prefix}-${randomBytes(4).toString('hex')}`,
    password: `pw-${randomBytes(12).toString('hex')}`,
  };
  const api = await apiSignedInAs(baseURL, FIRST_ADMIN);
  const response = await api.post('/api/admin/users', { data: account });
  expect(response.status(), await response.text()).toBe(201);
  await api.dispose();
  return account;
}

/** The authenticator app's code for a secret, `stepsAhead` time steps from now. */
export function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** Turns two-factor on for an account through the API; returns its secret and recovery codes. */
export async function enableTwoFactorByApi(
  baseURL: string,
  account: { username: string; password: string },
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const api = await apiSignedInAs(baseURL, account);
  const setup = await api.post('/api/admin/account/two-factor/setup');
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await api.post('/api/admin/account/two-factor/enable', {
    data: { code: totpCode(secret), password: account.password },
  });
  expect(enable.status(), await enable.text()).toBe(200);
  const { recoveryCodes } = (await enable.json()) as { recoveryCodes: string[] };
  await api.dispose();
  return { secret, recoveryCodes };
}

/** Fills the sign-in form at /admin and submits it. */
export async function submitSignIn(
  page: Page,
  credentials: { username: string; password: string },
): Promise<void> {
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Opens the Outbox message with this subject (refreshing the list until it is there), waits until
 * its text holds `loaded`, and returns the text as the admin reads it; the dialog is closed again.
 */
export async function readOutboxMessage(
  adminPage: Page,
  subject: string,
  loaded: string | RegExp,
): Promise<string> {
  await adminPage.goto('/admin/outbox');
  await expectPageHeading(adminPage, 'Outbox');
  const open = adminPage.getByRole('button', { name: subject, exact: true });
  await expect(async () => {
    await adminPage.getByRole('button', { name: 'Refresh' }).click();
    await expect(open).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await open.click();
  const dialog = adminPage.getByRole('dialog', { name: subject });
  const text = dialog.getByRole('region', { name: 'Message text' });
  await expect(text).toContainText(loaded);
  const body = (await text.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return body;
}
