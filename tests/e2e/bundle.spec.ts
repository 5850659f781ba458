import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, getCompetitions, test } from './fixtures.ts';

/*
 * The built client holds no password, hash or secret, and the public pages never load
 * the admin code. Read from dist/client, the very files the server sends.
 */
const CLIENT_DIR = path.resolve(import.meta.dirname, '../../dist/client');
/** The first admin's password in this suite's server (playwright.config.ts). */
const ADMIN_PASSWORD = 'e2e-admin-password-not-secret';

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return builtFiles(full);
    return /\.(js|css|html|json|map|txt)$/.test(entry.name) ? [full] : [];
  });
}

test('the built client contains no password, hash or secret', () => {
  const files = builtFiles(CLIENT_DIR);
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  const forbidden = [
    ADMIN_PASSWORD,
    '$argon2', // a password hash
    'password_hash',
    'totp_secret',
    'code_hash',
    'ADMIN_PASSWORD',
    'DATABASE_URL',
    'RAZORPAY_KEY_SECRET',
    'adminToken', // the seed's local-storage token, replaced by the session cookie
  ];
  const found = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return forbidden
      .filter((needle) => text.includes(needle))
      .map((needle) => `${path.relative(CLIENT_DIR, file)}: ${needle}`);
  });
  expect(found).toEqual([]);
});

test('public pages never download the admin code', async ({ page }) => {
  const downloaded = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') downloaded.add(response.url());
  });
  const [first] = await getCompetitions(page.request);
  const competition = `/competition/${first?.id ?? ''}`;
  for (const url of ['/', competition, '/about', '/contact', '/registration-success']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  }
  // Each script the pages downloaded, asked for again: a page that moved on (a redirect drawn by
  // the app) no longer holds the bodies of what it fetched.
  const scripts = await Promise.all(
    [...downloaded].map(async (url) => (await page.request.get(url)).text()),
  );
  expect(scripts.length).toBeGreaterThan(0);
  // Strings only the admin area has.
  for (const adminOnly of ['Authentication code', 'Recovery Codes', 'Audit Log']) {
    expect(scripts.filter((s) => s.includes(adminOnly))).toEqual([]);
  }
});
