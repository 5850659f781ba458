import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * Debian's Chromium (the `chromium` package, or CHROMIUM_PATH) with the switches a machine
 * without internet needs: Playwright's own browser downloads are never used. The journeys'
 * configurations (playwright.config.ts, playwright.cluster.config.ts) share it.
 */
export const BROWSER = {
  browserName: 'chromium',
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
} satisfies PlaywrightTestConfig['use'];
