import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../../src/server/config.ts';

/**
 * The engine the database-backed tests run on: SQLite for `npm test`, PostgreSQL for
 * `npm run test:pg` (which sets TEST_DB=postgres). DATABASE_URL from the surroundings is ignored
 * unless TEST_DB asks for PostgreSQL, so `npm test` never needs a running service.
 */
export const TEST_ENGINE = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
const PG_SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestEnvironment {
  config: Config;
  cleanup(): Promise<void>;
}

/**
 * A configuration with a fresh data folder and, on PostgreSQL, a fresh database of its own,
 * dropped again by cleanup().
 */
export async function createTestEnvironment(
  overrides: Partial<Config> = {},
  options: {
    /** On PostgreSQL, a copy of the run's migrated database (pg-template.ts), not an empty one. */
    migrated?: boolean;
  } = {},
): Promise<TestEnvironment> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ws-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (TEST_ENGINE === 'postgres') {
    const name = `ws_test_${randomBytes(6).toString('hex')}`;
    const template = options.migrated ? ` TEMPLATE ${inject('pgTemplate')}` : '';
    await withServer(async (client) => {
      await client.query(`CREATE DATABASE ${name}${template}`);
      // A throw-away database need not wait for its commits to reach the disk.
      await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    });
    databaseUrl = databaseUrlNamed(name);
    dropDatabase = () =>
      withServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => {},
      );
  }
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    dataDir,
    databaseUrl,
    adminPassword: 'correct horse battery staple',
    // No browser build unless a test asks for one (useTestApp's clientBuild): never this
    // machine's dist/, which would make results depend on what was last built.
    clientDir: path.join(dataDir, 'no-client-build'),
    ...overrides,
  };
  return {
    config,
    async cleanup() {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The URL of the database `name` on the test server. */
export function databaseUrlNamed(name: string): string {
  const url = new URL(PG_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
