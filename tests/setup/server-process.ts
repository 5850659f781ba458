import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** `npm start`'s entry, run as its own process by the tests that need a real one. */
const MAIN = path.resolve(import.meta.dirname, '../../src/server/main.ts');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node src/server/main.ts` with exactly this environment (plus PATH). */
export function startMain(env: Record<string, string>): {
  child: ChildProcess;
  done: Promise<Run>;
} {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Run>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

/**
 * Runs `node src/server/main.ts` on a pseudo-terminal (util-linux's `script`), as a person's
 * `npm start` in a terminal: its stdout is a TTY. What it prints arrives on `child.stdout`.
 */
export function startMainOnTerminal(env: Record<string, string>): {
  child: ChildProcess;
  done: Promise<Run>;
} {
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(MAIN)}`;
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Run>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

/** The address the server prints once it listens, on 127.0.0.1 (it says localhost). */
export function printedUrl(child: ChildProcess, timeoutMs = 30_000): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no URL printed within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    child.stdout?.on('data', (d: Buffer) => {
      const match = /running at http:\/\/localhost:(\d+)/.exec(d.toString());
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    });
  });
}

/**
 * The environment of a server on a test's database and data folder, listening on a free port of
 * 127.0.0.1, with a stand-in browser build (`clientDir`) so it never runs Vite.
 */
export function serverEnv(
  config: { dataDir: string; databaseUrl?: string | undefined },
  clientDir: string,
): Record<string, string> {
  return {
    DATA_DIR: config.dataDir,
    CLIENT_DIR: clientDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
  };
}
