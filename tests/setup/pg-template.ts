import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { databaseUrlNamed, TEST_ENGINE, withServer } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** On PostgreSQL, a database migrated once for the run: a test app's is copied from it. */
    pgTemplate: string;
  }
}

/*
 * The PostgreSQL run's global setup. Every test app used to migrate a fresh database (43
 * migrations, a commit each: seconds per file on PostgreSQL, against half a second on SQLite);
 * the run now migrates one database and each app's is a copy of it (CREATE DATABASE … TEMPLATE),
 * dropped with the run. A migration's own tests still start from an empty database.
 */
export default async function setup(project: TestProject) {
  if (TEST_ENGINE !== 'postgres') return;
  const name = `ws_template_${randomBytes(6).toString('hex')}`;
  await withServer((client) => client.query(`CREATE DATABASE ${name}`));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ws-template-'));
  try {
    const database = await openDatabase({ databaseUrl: databaseUrlNamed(name), dataDir });
    try {
      await migrateToLatest(database.db);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  project.provide('pgTemplate', name);
  return async () => {
    await withServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
}
