/**
 * `npm run test:e2e` (after its build step): runs the Playwright suite in tests/e2e against the
 * real server, on a free port of 127.0.0.1 and with a throw-away data folder, so every run starts
 * from a fresh, demo-seeded database. Extra arguments go to `playwright test`, for example
 * `npm run test:e2e -- --grep header`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { findFreePort } from './lib/free-port.ts';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const PLAYWRIGHT = path.join(ROOT, 'node_modules/.bin/playwright');

function runPlaywright(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(PLAYWRIGHT, ['test', ...args], { cwd: ROOT, env, stdio: 'inherit' });
    // Ctrl-C reaches Playwright through the terminal: wait for it to stop, then clean up. A
    // SIGTERM sent to this process alone is passed on.
    const waitForChild = () => {};
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', waitForChild);
    process.on('SIGTERM', forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', waitForChild);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1));
    });
  });
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `No Chromium at ${chromium}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}
if (!existsSync(PLAYWRIGHT)) {
  console.error(`Playwright is not installed (${PLAYWRIGHT} is missing): run npm install.`);
  process.exit(1);
}

const port = await findFreePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'white-stroke-e2e-'));
let exitCode = 1;
try {
  exitCode = await runPlaywright(process.argv.slice(2), {
    ...process.env,
    CHROMIUM_PATH: chromium,
    E2E_PORT: String(port),
    E2E_DATA_DIR: dataDir,
    E2E_BASE_URL: `http://127.0.0.1:${port}`,
  });
} catch (error) {
  console.error(`Could not run Playwright: ${(error as Error).message}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
