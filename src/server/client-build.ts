import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['src/client', 'src/shared', 'vite.config.ts', 'package.json'];

function newestModification(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  }
  return newest;
}

/** True when the browser build is missing or older than any of its sources. */
export function isClientBuildStale(clientDir: string): boolean {
  const index = path.join(clientDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestModification(path.join(ROOT, source)) > built);
}

/** Runs `npm run build`'s script in this process's Node when the build is stale. */
export function buildClientIfStale(clientDir: string): boolean {
  if (!isClientBuildStale(clientDir)) return false;
  console.log('Building the browser app (missing or older than its sources)…');
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return true;
}
