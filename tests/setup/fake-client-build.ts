import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const APP_SERVER_ENTRY = path.resolve(import.meta.dirname, '../../src/client/entry-server.tsx');

/**
 * A stand-in for the Vite build in a fresh folder: an index.html with the template marker the
 * server fills. Tests pass it as CLIENT_DIR so no result depends on the machine's own dist/.
 * `serverRendered`: with the server's build of the app too, here the app's own source (Vitest
 * compiles it), so pages are drawn on the server as in production.
 */
export function makeFakeClientBuild({ serverRendered = false } = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ws-client-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>x</title><!--app-head--></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
  );
  if (serverRendered) {
    mkdirSync(path.join(dir, '.ssr'));
    writeFileSync(
      path.join(dir, '.ssr', 'entry-server.js'),
      `export { renderApp } from ${JSON.stringify(pathToFileURL(APP_SERVER_ENTRY).href)};\n`,
    );
  }
  return dir;
}
