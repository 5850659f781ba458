/** The site `npm run load` measures: its own built server, or one already running. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import { createPgDatabase } from './pg-database.ts';
import { type RunningServer, startBuiltApp, stopServer } from './server.ts';

type Log = (message: string) => void;

export interface Site {
  base: string;
  adminPassword: string;
  dataDir: string;
  databaseUrl: string | undefined;
  s3: ReturnType<typeof loadConfig>['s3'];
  /** The server's process, when started here (for its memory). */
  pid: number | undefined;
  stop: () => Promise<void>;
}

export async function startOwnSite(log: Log): Promise<Site> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ws-load-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (process.env.LOAD_ENGINE === 'postgres') {
    const database = await createPgDatabase();
    cleanups.push(database.drop);
    databaseUrl = database.url;
  }
  let started: RunningServer | undefined;
  const { app, base, env } = await startBuiltApp({
    dataDir,
    log,
    cleanups,
    started: (server) => (started = server),
    env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
  }).catch(async (error: unknown) => {
    // A server that never became ready is stopped, not left running behind the failure.
    if (started) await stopServer(started);
    for (const cleanup of cleanups.reverse()) await cleanup();
    throw error;
  });
  return {
    base,
    adminPassword: env.ADMIN_PASSWORD ?? '',
    dataDir,
    databaseUrl,
    s3: undefined,
    pid: app.child.pid,
    async stop() {
      await stopServer(app);
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

export function runningSite(base: string): Site {
  const config = loadConfig();
  return {
    base,
    adminPassword: process.env.ADMIN_PASSWORD ?? process.env.CLUSTER_ADMIN_PASSWORD ?? '',
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    s3: config.s3,
    pid: undefined,
    stop: async () => {},
  };
}
