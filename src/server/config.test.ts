import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CLIENT_DIR, loadConfig } from './config.ts';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      seedDemo: true,
      trustProxy: false,
      clientDir: DEFAULT_CLIENT_DIR,
    });
  });

  it('turns demo content off by default in production, and on again when asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('names every bad variable on its own line with the expected form', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      SEED_DEMO: 'maybe',
      ADMIN_PASSWORD: 'short',
      NODE_ENV: 'staging',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT: PORT must be a whole number from 0 to 65535 (got "abc")',
        'DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL',
        'SEED_DEMO: SEED_DEMO must be true or false (got "maybe")',
        'ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 12 characters',
        'NODE_ENV: NODE_ENV must be development, production or test (got "staging")',
      ]),
    );
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).not.toContain('short');
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual([
      'PORT: PORT must be a whole number from 0 to 65535 (got "70000")',
    ]);
  });
});
