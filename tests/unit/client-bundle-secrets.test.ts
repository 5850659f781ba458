import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, expect, it } from 'vitest';

/*
 * The browser bundle never carries Razorpay's key secret or webhook secret, even when
 * they sit in the environment or in a .env file of the folder the client is built in (as on a
 * server that builds where it runs). Builds the real client with both set, then reads every file.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const KEY_SECRET = 'key-secret-marker-8c45a884e2cd9987';
const WEBHOOK_SECRET = 'webhook-secret-marker-2fe04e22977002e6';

const work = mkdtempSync(path.join(os.tmpdir(), 'white-stroke-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

it('the built client holds neither Razorpay secret, from the environment or a .env file', async () => {
  const envDir = path.join(work, 'env');
  const outDir = path.join(work, 'out');
  mkdirSync(envDir, { recursive: true });
  writeFileSync(
    path.join(envDir, '.env'),
    `RAZORPAY_KEY_SECRET=${KEY_SECRET}\nRAZORPAY_WEBHOOK_SECRET=${WEBHOOK_SECRET}\n`,
  );
  const saved = { ...process.env };
  process.env.RAZORPAY_KEY_SECRET = KEY_SECRET;
  process.env.RAZORPAY_WEBHOOK_SECRET = WEBHOOK_SECRET;
  try {
    await build({
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      envDir,
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env = saved;
  }
  const files = filesUnder(outDir);
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  const leaks = files.filter((file) => {
    const text = readFileSync(file, 'latin1');
    return text.includes(KEY_SECRET) || text.includes(WEBHOOK_SECRET);
  });
  expect(leaks).toEqual([]);
}, 240_000);
