import type { FastifyInstance } from 'fastify';
import { migrateToLatest } from './db/migrate.ts';
import { ensureFirstAdmin } from './features/auth/admin-bootstrap.ts';
import { seedDemoContent } from './features/demo/seed-demo.ts';

export interface InitializeResult {
  migrations: string[];
  generatedAdminPassword?: string;
  seededDemo: boolean;
}

/** Brings the database up to date, creates the first admin, and seeds demo content when asked. */
export async function initializeSite(app: FastifyInstance): Promise<InitializeResult> {
  const { db, config, storage, settings, clock } = app.deps;
  const migrations = await migrateToLatest(db);
  const admin = await ensureFirstAdmin(db, config.adminPassword);
  const seededDemo = config.seedDemo
    ? await seedDemoContent(db, storage, settings, clock.now())
    : false;
  return admin.generatedPassword
    ? { migrations, seededDemo, generatedAdminPassword: admin.generatedPassword }
    : { migrations, seededDemo };
}
