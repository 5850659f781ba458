/**
 * `npm run test:pg`: the server-side (database-backed) tests again, on PostgreSQL at DATABASE_URL
 * (default: the local server, postgres@127.0.0.1:5432). Each test file creates its own database
 * and drops it afterwards, so the server is left as it was found.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  const u = new URL(url);
  console.error(
    `Cannot reach PostgreSQL at ${u.hostname}:${u.port || 5432}: ${(error as Error).message}. Set DATABASE_URL to a server this user may create databases on.`,
  );
  process.exit(1);
}

const vitest = path.resolve(import.meta.dirname, '../node_modules/.bin/vitest');
const result = spawnSync(vitest, ['run', '--project', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres', DATABASE_URL: url },
});
process.exit(result.status ?? 1);
