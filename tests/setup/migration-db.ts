import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { makeCategoryRow, makeCompetitionRow, makeSubmissionRow } from '../factories/rows.ts';
import { type Database, openDatabase } from '../../src/server/db/database.ts';
import type { DB } from '../../src/server/db/schema.ts';
import { createTestEnvironment } from './test-database.ts';

/*
 * A migration's test starts from an empty database of its own (a fresh data folder, and on
 * PostgreSQL a fresh database), migrates it up to the release before, writes that release's rows
 * and migrates on. Opened before the file's tests and dropped after them.
 */

/** The file's database, for use inside its tests (open from beforeAll on). */
export function useMigrationDb(): () => Kysely<DB> {
  let database: Database | undefined;
  let cleanup = async () => {};
  beforeAll(async () => {
    const environment = await createTestEnvironment();
    cleanup = environment.cleanup;
    database = await openDatabase(environment.config);
  });
  afterAll(async () => {
    await database?.close();
    await cleanup();
  });
  return () => {
    if (!database) throw new Error('The migration test database is open inside tests only');
    return database.db;
  };
}

/** The database seen without today's table types: for columns a later migration removed. */
export type UntypedDb = Kysely<Record<string, Record<string, unknown>>>;

/** An approved entry in a competition of its own category, as every release has written one. */
export async function approvedEntryRow(db: Kysely<DB>, submission: Record<string, unknown> = {}) {
  const category = makeCategoryRow();
  await db.insertInto('categories').values(category).execute();
  const competition = makeCompetitionRow(category.id);
  await db.insertInto('competitions').values(competition).execute();
  const row = makeSubmissionRow({
    competition_id: competition.id,
    status: 'approved',
    ...submission,
  });
  await db.insertInto('submissions').values(row).execute();
  return { competition, submission: row };
}
