import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, type QueryExecutorProvider, sql } from 'kysely';
import pg from 'pg';
import { hasErrorCode } from '../http/unreachable.ts';
import type { DB } from './schema.ts';
import { oneConnectionKysely } from './sqlite-kysely.ts';

export type Engine = 'sqlite' | 'postgres';

/**
 * Whether `db` (a connection or a transaction) talks to PostgreSQL: for what only it has (row
 * locks, advisory locks). SQLite needs neither: it writes one transaction at a time.
 */
/** Takes any database or transaction, whichever tables it declares. */
export function isPostgres(db: QueryExecutorProvider): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Where the data lives, without credentials: safe to log. */
  location: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = 'white-stroke.sqlite';
const PG_INT8_OID = 20;

/** `host:port/database` of a PostgreSQL URL, leaving out user and password. */
export function describePostgresUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the configured PostgreSQL server';
  }
}

export class DatabaseUnavailableError extends Error {}

/**
 * PostgreSQL's connection classes (08, 57P0x), too many connections (53300), a full disk (53100)
 * and a server that has become read-only (25006, a standby after a failover).
 */
const POSTGRES_UNAVAILABLE = new Set([
  '53100',
  '25006',
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** What node-postgres says, without a code, of a connection that went or never came. */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;
/**
 * SQLite's: locked past the busy timeout, a DATA_DIR that cannot be opened or written (full,
 * read-only, a disk error). SQLite then rolls the statement back: nothing is half-written.
 */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|CANTOPEN|FULL|READONLY|IOERR)/;
/**
 * On a full disk (or a disk error) inside a transaction, SQLite rolls the transaction back
 * itself; Kysely's own ROLLBACK then fails with this, and its error is what reaches us.
 */
const SQLITE_ROLLED_BACK = /^cannot rollback - no transaction is active/;

/**
 * Whether `error` (or what caused it) says the database cannot be reached or written now, as
 * opposed to a fault in the request or the code: the API then answers 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (hasErrorCode(error) || hasErrorCode(error, POSTGRES_UNAVAILABLE)) return true;
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && SQLITE_UNAVAILABLE.test(code)) return true;
    if (typeof message === 'string' && SQLITE_ROLLED_BACK.test(message)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Opens PostgreSQL when a URL is given, else the SQLite file in the data folder, and checks it
 * answers, so a wrong URL fails the start at once instead of the first request.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(path.join(options.dataDir, SQLITE_FILE_NAME));
}

async function openPostgres(url: string): Promise<Database> {
  const location = describePostgresUrl(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    // COUNT(*) and SUM() come back as int8; ours always fit in a JS number.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor a client in use (a transaction between two statements) whose connection is cut: its
  // query, or the next one, fails with the cause, and the pool replaces the client.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const database: Database = {
    db,
    engine: 'postgres',
    location,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: closeOnce(db),
  };
  try {
    await database.ping();
  } catch (error) {
    await database.close().catch(() => {});
    throw new DatabaseUnavailableError(
      `Cannot connect to PostgreSQL at ${location}: ${(error as Error).message}`,
    );
  }
  return database;
}

function openSqlite(file: string): Database {
  let handle: BetterSqlite3.Database;
  try {
    handle = new BetterSqlite3(file);
    handle.pragma('journal_mode = WAL');
    handle.pragma('foreign_keys = ON');
    handle.pragma('busy_timeout = 5000');
    handle.pragma('synchronous = NORMAL');
  } catch (error) {
    throw new DatabaseUnavailableError(
      `Cannot open the SQLite database ${file}: ${(error as Error).message}`,
    );
  }
  const db = oneConnectionKysely(handle);
  return {
    db,
    engine: 'sqlite',
    location: file,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: closeOnce(db),
  };
}

/** Closing twice (a shutdown racing a failed start, say) is harmless. */
function closeOnce(db: Kysely<DB>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= db.destroy());
}
