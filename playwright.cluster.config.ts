import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { BROWSER } from './tests/e2e/browser.ts';

/*
 * The journey through a real load balancer (tests/cluster): nginx over HTTPS in front of two app
 * servers on one PostgreSQL and one S3 server. Run it with `npm run test:cluster`: it builds, then
 * scripts/cluster.ts starts the cluster, runs Playwright against it with CLUSTER_URL,
 * CLUSTER_ACCESS_LOG, CLUSTER_SERVERS and CLUSTER_ADMIN_PASSWORD set, and stops it all afterwards.
 */
const { CLUSTER_URL } = process.env;
if (!CLUSTER_URL) {
  throw new Error(
    'CLUSTER_URL is not set: run the cluster journey with `npm run test:cluster` (or `node scripts/cluster.ts playwright test -c playwright.cluster.config.ts` after `npm run build`).',
  );
}
if (!existsSync(BROWSER.launchOptions.executablePath)) {
  throw new Error(
    `No Chromium at ${BROWSER.launchOptions.executablePath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.`,
  );
}

export default defineConfig({
  testDir: 'tests/cluster',
  // Apart from the other journeys' results, which their own run clears.
  outputDir: 'test-results/cluster',
  forbidOnly: !!process.env.CI,
  retries: 0,
  // One cluster, one journey at a time: its log is read to see which server answered.
  workers: 1,
  // The journey signs in, saves a setting, registers with two pictures and pays, through nginx,
  // on two shared cores that may be busy with other work.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    ...BROWSER,
    baseURL: CLUSTER_URL,
    // nginx's certificate is self-signed, made by the cluster script for 127.0.0.1.
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
  },
});
