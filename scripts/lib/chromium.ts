/**
 * Chromium for `npm run lighthouse`: headless, started fresh for each run with its own profile,
 * and stopped for good when it fails to start.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
];

/** A failure of the browser itself: measuring further pages would fail the same way. */
export class ChromeError extends Error {}

/** A fresh Chromium with its own profile in `userDataDir` (created here), for one run. */
export async function launchChromium(
  chromePath: string,
  userDataDir: string,
): Promise<chromeLauncher.LaunchedChrome> {
  mkdirSync(userDataDir);
  try {
    // This script stops Chromium itself on Ctrl-C, after the server: no exit from the launcher.
    return await chromeLauncher.launch({
      chromePath,
      chromeFlags: CHROME_FLAGS,
      userDataDir,
      handleSIGINT: false,
    });
  } catch (error) {
    // The launcher leaves a Chromium that never opened its debugging port running: stop it.
    const pidFile = path.join(userDataDir, 'chrome.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : 0;
    if (pid > 0) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    const errLog = path.join(userDataDir, 'chrome-err.log');
    const output = existsSync(errLog) ? readFileSync(errLog, 'utf8').trim().slice(-2_000) : '';
    throw new ChromeError(
      `Chromium (${chromePath}) did not start: ${(error as Error).message}` +
        (output ? `; its output:\n${output}` : ''),
    );
  }
}
