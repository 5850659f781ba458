import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/production.md shows the files in deploy/ as they are, and fills in every placeholder of
 * the nginx configuration that `npm run cluster` tests: a change to one must reach the other.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const guide = read('docs/production.md');
const nginx = read('deploy/nginx.conf');

describe('the production guide', () => {
  it.each(['deploy/nginx.conf', 'deploy/white-stroke.service'])('shows %s as it is', (file) => {
    expect(guide).toContain(read(file));
  });

  it("fills in every placeholder of nginx's configuration, and no other", () => {
    const used = new Set(
      nginx
        .split('\n')
        .filter((line) => !line.trimStart().startsWith('#'))
        .flatMap((line) => line.match(/\{\{[A-Z0-9_]+\}\}/g) ?? []),
    );
    const filled = new Set([...guide.matchAll(/-e 's\|(\{\{[A-Z0-9_]+\}\})\|/g)].map((m) => m[1]));
    expect([...filled].sort()).toEqual([...used].sort());
  });
});
