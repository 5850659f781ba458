import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** scripts/check-node.cjs: what `npm install`, `npm start` and `npm run dev` say on an old Node. */
const script = path.resolve(import.meta.dirname, '../../scripts/check-node.cjs');
const { nodeVersionProblem } = createRequire(import.meta.url)(script) as {
  nodeVersionProblem(version: string): string | undefined;
};

describe('the Node version check', () => {
  it.each(['20.20.2', '18.19.0', '22.11.0', '22.12.0', '22.21.9'])(
    'refuses Node %s in one line saying what to do',
    (v) => {
      expect(nodeVersionProblem(v)).toBe(
        `White Stroke needs Node.js 22.22 or newer (24 recommended); this is Node ${v}. ` +
          'Install Node 24 from https://nodejs.org or with a version manager (nvm install 24), then run this again.',
      );
    },
  );

  it.each(['22.22.0', '22.23.1', '23.0.0', '24.21.0', '25.1.0'])('accepts Node %s', (v) => {
    expect(nodeVersionProblem(v)).toBeUndefined();
  });

  it('runs before install, start and dev, and passes quietly on this Node', () => {
    const { scripts } = createRequire(import.meta.url)('../../package.json') as {
      scripts: Record<string, string>;
    };
    for (const hook of ['preinstall', 'prestart', 'predev']) {
      expect(scripts[hook]).toBe('node scripts/check-node.cjs');
    }
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  });

  it("states the same minimum as package.json's engines, which npm enforces, and react-router's", () => {
    const load = createRequire(import.meta.url);
    const engines = (file: string) => (load(file) as { engines: { node: string } }).engines.node;
    expect(engines('../../package.json')).toBe('>=22.22');
    // react-router 8.5 runs on nothing older: the minimum is the real one.
    expect(engines('react-router/package.json')).toBe('>=22.22.0');
    // With engine-strict, `npm install` on an older Node stops before downloading anything.
    const npmrc = readFileSync(path.resolve(import.meta.dirname, '../../.npmrc'), 'utf8');
    expect(npmrc.split('\n')).toContain('engine-strict=true');
  });
});
