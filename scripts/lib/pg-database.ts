/** A throw-away PostgreSQL database for `npm run bench` and `npm run load`. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Where to create the database: DATABASE_URL (of a server this user may create databases on). */
export const PG_ADMIN_URL =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server of PG_ADMIN_URL; answers its URL and how to drop it. */
export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `white_stroke_bench_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    drop: () =>
      (dropped ??= withAdminClient(async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      })),
  };
}
