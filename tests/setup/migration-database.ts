import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { makeCategoryRow, makeCompetitionRow, makeSubmissionRow } from '../factories/rows.ts';
import { type Database, openDatabase } from '../../src/server/db/database.ts';
import type { DB } from '../../src/server/db/schema.ts';
import { createTestEnvironment } from './test-database.ts';

/*
 * A migration test's own database, opened before its tests and removed after: the test moves it
 * to an earlier migration, writes what that release wrote, and migrates on.
 */

/** Registers the hooks; call the answer for the database inside a test. */
export function useMigrationDatabase(): () => Kysely<DB> {
  let database: Database | undefined;
  let cleanup: () => Promise<void> = () => Promise.resolve();
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
    if (!database) throw new Error('The migration database is not open yet');
    return database.db;
  };
}

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
