import type { FastifyInstance } from 'fastify';
import { migrateToLatest } from './db/migrate.ts';
import { ensureFirstAdmin } from './features/auth/admin-bootstrap.ts';
import { seedDemoExhibitions } from './features/demo/demo-exhibitions.ts';
import { seedDemoJudging } from './features/demo/demo-judging.ts';
import { seedDemoRecord } from './features/demo/demo-record.ts';
import { seedDemoResults } from './features/demo/demo-results.ts';
import { seedDemoVotes } from './features/demo/demo-votes.ts';
import { seedDemoContent } from './features/demo/seed-demo.ts';

export interface InitializeResult {
  migrations: string[];
  generatedAdminPassword?: string;
  seededDemo: boolean;
  /** The demo jurors and their open round were added on this start. */
  seededDemoJury: boolean;
  /** The demo competition with published results was added on this start. */
  seededDemoResults: boolean;
}

/**
 * Brings the database up to date, creates the first admin, and seeds demo content when asked:
 * with DEMO_JUROR_PASSWORD, the demo jury too (once; also into demo content seeded earlier), and a
 * past competition with published results.
 */
export async function initializeSite(app: FastifyInstance): Promise<InitializeResult> {
  const { db, config, clock } = app.deps;
  const migrations = await migrateToLatest(db);
  const admin = await ensureFirstAdmin(db, config.adminPassword, clock.now());
  const seededDemo = config.seedDemo ? await seedDemoContent(app.deps, clock.now()) : false;
  const seededDemoJury =
    config.seedDemo && config.demoJurorPassword !== undefined
      ? await seedDemoJudging(app.deps, config.demoJurorPassword)
      : false;
  const seededDemoResults = config.seedDemo ? await seedDemoResults(app.deps) : false;
  if (config.seedDemo) await seedDemoRecord(app.deps);
  if (config.seedDemo) await seedDemoExhibitions(app.deps);
  if (config.seedDemo) await seedDemoVotes(app.deps);
  const seeded = { seededDemo, seededDemoJury, seededDemoResults };
  return admin.generatedPassword
    ? { migrations, ...seeded, generatedAdminPassword: admin.generatedPassword }
    : { migrations, ...seeded };
}
