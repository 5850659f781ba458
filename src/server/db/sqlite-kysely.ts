import { AsyncLocalStorage } from 'node:async_hooks';
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, type TransactionBuilder } from 'kysely';
import type { DB } from './schema.ts';

/** What a query on the database (not its transaction) inside a transaction's work fails with. */
export const OUTSIDE_TRANSACTION_MESSAGE =
  'A query on the database was made inside a transaction’s work but not through the transaction: SQLite’s one connection is held by the transaction, so it would wait for ever (and every request after it). Read what the work needs before the transaction, or query through it.';

// Marks the work of the transaction that holds the connection, while it runs.
const transactionWork = new AsyncLocalStorage<{ running: boolean }>();

/**
 * A query waits for SQLite's one connection, held by a transaction until the transaction's work
 * ends, so a query made by that work outside the transaction would wait for ever, and the whole
 * server with it (a settings copy that expired at the wrong moment did this in CI). Such a query
 * fails at once instead, with a message that says why; queries from other requests still wait.
 */
class OneConnectionKysely extends Kysely<DB> {
  constructor(handle: BetterSqlite3.Database) {
    super({ dialect: new SqliteDialect({ database: preparedOnce(handle) }) });
    // The database's own executor: a transaction's queries go through one of their own.
    const executor = this.getExecutor();
    const provide = executor.provideConnection.bind(executor);
    executor.provideConnection = (consumer, options) =>
      transactionWork.getStore()?.running
        ? Promise.reject(new Error(OUTSIDE_TRANSACTION_MESSAGE))
        : provide(consumer, options);
  }

  override transaction(): TransactionBuilder<DB> {
    const builder = super.transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = (work) =>
      execute((trx) => {
        // Work it leaves running after it ends (a message sent later, say) may query again.
        const mark = { running: true };
        return transactionWork.run(mark, () => work(trx)).finally(() => (mark.running = false));
      });
    return builder;
  }
}

/** How many prepared statements are kept: the app's queries, with room for `in` lists' lengths. */
const KEPT_STATEMENTS = 2000;

/**
 * The database with each SQL text prepared once: Kysely prepares every query anew, which took a
 * sixth of the server's time under the vote's load (npm run load:votes, profiled). The least
 * recently used statement goes first; one busy in an iteration is never handed out twice.
 */
function preparedOnce(handle: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => handle.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      statements.delete(sql);
      const statement = kept && !kept.busy ? kept : handle.prepare(sql);
      if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
  };
}

/** Kysely over SQLite's one connection (`handle`), as the app uses it. */
export function oneConnectionKysely(handle: BetterSqlite3.Database): Kysely<DB> {
  return new OneConnectionKysely(handle);
}
