import fs from 'node:fs';
import path from 'node:path';

/** Source files by their path under the server's features folder ('mail/outbox.repository.ts'). */
export type SourceFiles = Record<string, string>;

const FEATURES = path.resolve(import.meta.dirname, '../../src/server/features');

/** Every non-test .ts file of the server features, as the checks that read the code see them. */
export function serverFeatureFiles(): SourceFiles {
  const files: SourceFiles = {};
  for (const file of fs.readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    files[file.split(path.sep).join('/')] = fs.readFileSync(path.join(FEATURES, file), 'utf8');
  }
  return files;
}
