import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { BROWSER } from './tests/e2e/browser.ts';

/*
 * End-to-end tests against the real server and the built browser app. Run them with
 * `npm run test:e2e`: it builds the app, then scripts/e2e.ts picks a free port and a throw-away
 * data folder and passes them here as E2E_PORT, E2E_DATA_DIR and E2E_BASE_URL.
 *
 * The browser is the system's Chromium (Debian's `chromium` package, or CHROMIUM_PATH): this
 * machine has no internet, so Playwright's own browser downloads are never used.
 */
const { E2E_PORT, E2E_DATA_DIR, E2E_BASE_URL } = process.env;
if (!E2E_PORT || !E2E_DATA_DIR || !E2E_BASE_URL) {
  throw new Error(
    'E2E_PORT, E2E_DATA_DIR and E2E_BASE_URL are not set: run the end-to-end tests with `npm run test:e2e` (or `node scripts/e2e.ts` after `npm run build`).',
  );
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Within a project the tests share nothing they change, so they may run in any order.
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // A journey that edits a whole form and runs axe on it in light and dark mode takes 20-30 s on
  // these two shared cores while the other worker runs Chromium too; 30 s left no margin.
  timeout: 60_000,
  // An assertion waits up to 10 s rather than 5: a lazily loaded admin screen or a smooth scroll
  // took longer than 5 s when the machine's other work (another checkout's tests) shared the cores.
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      // Journeys that change the site's content run afterwards, in the project below, so the
      // read-only journeys always see the untouched demo data.
      testIgnore: /\.changes\.spec\.ts$/,
      use: BROWSER,
    },
    {
      name: 'content-changes',
      testMatch: /\.changes\.spec\.ts$/,
      dependencies: ['chromium'],
      use: BROWSER,
    },
  ],
  webServer: {
    command: 'node src/server/main.ts',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      // Always the fresh SQLite database in DATA_DIR, even when the shell names a PostgreSQL one.
      DATABASE_URL: '',
      // A CLIENT_DIR is served as it is: the server never rebuilds it (npm run test:e2e built it).
      CLIENT_DIR: path.resolve(import.meta.dirname, 'dist/client'),
      // The site's own address: shared-link addresses and e-mailed links are built from it.
      PUBLIC_URL: E2E_BASE_URL,
      ADMIN_PASSWORD: 'e2e-admin-password-not-secret',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      // The jury demo too (the Monsoon Sketchbook 2026 competition, jurors juror1-3), which
      // results.changes.spec.ts takes to published results; the spec names this password.
      DEMO_JUROR_PASSWORD: 'e2e-demo-juror-password-not-secret',
      // The client address is X-Forwarded-For's when a request sends one: registrations through
      // the API (registerThroughApi) each name an address of their own, so they never use up the
      // 10 registrations in 10 minutes that the browser's registrations from 127.0.0.1 have. No
      // journey sends X-Forwarded-Proto or X-Forwarded-Host, so the cookies and the same-origin
      // checks see what they saw without it.
      TRUST_PROXY: 'true',
    },
  },
});
