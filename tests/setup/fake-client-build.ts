import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A stand-in for the Vite build in a fresh folder: an index.html with the template marker the
 * server fills. Tests pass it as CLIENT_DIR so no result depends on the machine's own dist/.
 */
export function makeFakeClientBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ws-client-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>x</title><!--app-head--></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
  );
  return dir;
}
