import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './database.ts';

/** The error SQLite raises for `code`, as better-sqlite3 throws it. */
function sqliteError(code: string): unknown {
  const error = new BetterSqlite3.SqliteError('database or disk is full', code);
  return error;
}

describe('isDatabaseUnavailable: a 503, not a 500', () => {
  it.each([
    [
      'PostgreSQL refusing connections',
      Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    ],
    [
      'PostgreSQL shutting down (57P01)',
      Object.assign(new Error('terminating'), { code: '57P01' }),
    ],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a full pool that could not connect', new Error('timeout exceeded when trying to connect')],
    ['a disk that is full', sqliteError('SQLITE_FULL')],
    ['a read-only DATA_DIR', sqliteError('SQLITE_READONLY')],
    ['a disk error', sqliteError('SQLITE_IOERR_WRITE')],
    ['a lock held past the busy timeout', sqliteError('SQLITE_BUSY')],
    [
      'a transaction SQLite rolled back itself (a full disk)',
      new BetterSqlite3.SqliteError('cannot rollback - no transaction is active', 'SQLITE_ERROR'),
    ],
    ['the start-up check', new DatabaseUnavailableError('Cannot connect')],
    ['a cause further down', new Error('query failed', { cause: { code: 'ECONNRESET' } })],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a constraint', sqliteError('SQLITE_CONSTRAINT_UNIQUE')],
    ['a PostgreSQL syntax error', Object.assign(new Error('syntax'), { code: '42601' })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
