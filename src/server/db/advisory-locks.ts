import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';
import { isPostgres } from './database.ts';
import type { DB } from './schema.ts';

/**
 * Every kind of PostgreSQL advisory lock the server takes, by the lock's first key (its class);
 * the second is the hash of the text locked. Each kind has its own class, so requests about
 * unrelated things never wait on each other because their texts hash alike. A new kind takes the
 * next free number; a number is never reused for another kind (servers of two versions may run
 * side by side during a deploy).
 */
export const ADVISORY_LOCK = {
  /** Sign-in failures of one account. */
  signInAccount: 1,
  /** Sign-in failures from one address. */
  signInAddress: 2,
  /** One rate limit's hits from one client. */
  rateLimit: 3,
  /** One registration's idempotency key. */
  idempotencyKey: 4,
  /** Sign-in failures of one known device on its account. */
  signInDevice: 5,
  /** Password confirmations of one session. */
  signInSession: 6,
  /** One periodic job's round, run by one server at a time (runAlone). */
  periodicJob: 7,
} as const;

export type AdvisoryLock = (typeof ADVISORY_LOCK)[keyof typeof ADVISORY_LOCK];

/**
 * Inside a transaction on PostgreSQL: waits for the other holders of `kind`'s lock on `text` and
 * holds it until the transaction ends. SQLite runs one transaction at a time: nothing to do.
 */
export async function lockAdvisory(
  trx: QueryExecutorProvider,
  kind: AdvisoryLock,
  text: string,
): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${kind}, hashtext(${text}))`.execute(trx);
}

/**
 * Runs `work` unless another server is running work under the same name: on PostgreSQL, a
 * transaction holds the lock (released when it ends, a crash included) while `work` runs on the
 * pool's other connections; answers undefined when another holds it. SQLite has one server.
 */
export async function runAlone<T>(
  db: Kysely<DB>,
  name: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  if (!isPostgres(db)) return work();
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ taken: boolean }>`
      select pg_try_advisory_xact_lock(${ADVISORY_LOCK.periodicJob}, hashtext(${name})) as taken
    `.execute(trx);
    return rows[0]?.taken ? work() : undefined;
  });
}
