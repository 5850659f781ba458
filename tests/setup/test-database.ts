import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
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
): Promise<TestEnvironment> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ws-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (TEST_ENGINE === 'postgres') {
    const name = `ws_test_${randomBytes(6).toString('hex')}`;
    await withServer((client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(PG_SERVER_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
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

async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
