/** bench.ts's CPU pinning and the built client it reads. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function tasksetAvailable(): boolean {
  const result = spawnSync('taskset', ['--version'], { stdio: 'ignore' });
  return result.error === undefined && result.status === 0;
}

// --- servers ------------------------------------------------------------------------------------

/** The servers run on CPU 0 when pinned; the load generator runs on CPU 1. */
export const cpu0 = (pinned: boolean) => (pinned ? ['taskset', '-c', '0'] : []);

/** The entry chunk's file, from the manifest of the build the running server serves. */
export function entryJsFile(clientDir: string): string {
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`${manifestFile} has no entry chunk`);
  return entry.file;
}
