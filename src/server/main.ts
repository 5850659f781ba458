import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { buildClientIfStale } from './client-build.ts';
import { ConfigError, DEFAULT_CLIENT_DIR, loadConfig } from './config.ts';
import { ensureDataDir } from './data-dir.ts';
import { type Database, openDatabase } from './db/database.ts';
import { type InitializeResult, initializeSite } from './initialize.ts';
import { logFormatOf, readableLogStream } from './log-stream.ts';
import { startBanner, startFacts, startLines } from './start-banner.ts';

/** A start-up problem a person can fix: one line on stderr, exit code 1, no stack trace. */
function fail(lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(1);
}

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      fail(error.problems.map((problem) => `Invalid configuration: ${problem}`));
    }
    throw error;
  }
  try {
    ensureDataDir(config.dataDir);
  } catch (error) {
    fail([(error as Error).message]);
  }

  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    fail([(error as Error).message]);
  }

  // Only the default build folder is ours to (re)build; a CLIENT_DIR is served as given.
  if (config.clientDir === DEFAULT_CLIENT_DIR) {
    try {
      buildClientIfStale(config.clientDir);
    } catch {
      await database.close().catch(() => {});
      fail(['Could not build the browser app: see the build output above']);
    }
  }

  const format = logFormatOf(config.logFormat, process.stdout.isTTY === true);
  const app: FastifyInstance = await buildApp(config, {
    database,
    ...(format === 'text' ? { logStream: readableLogStream() } : {}),
  });

  const shutdown = (signal: string) => {
    app.log.info(`${signal} received: finishing requests in flight, then stopping`);
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  let result: InitializeResult;
  try {
    result = await initializeSite(app);
    if (result.migrations.length > 0) {
      app.log.info(`applied migrations: ${result.migrations.join(', ')}`);
    }
    if (result.seededDemo) app.log.info('seeded demo content');
  } catch (error) {
    await app.close().catch(() => {});
    fail([
      `Could not prepare the database at ${app.deps.database.location}: ${(error as Error).message}`,
    ]);
  }

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const facts = startFacts(`http://localhost:${port}`, result);
  if (format === 'text') console.log(startBanner(facts));
  // As JSON lines like the log's own (the generated password is printed once, never stored),
  // whatever LOG_LEVEL hides: the address and the password are what the operator needs.
  else {
    const startLog = app.log.child({}, { level: 'info' });
    for (const line of startLines(facts)) startLog.info(line);
  }
}

main().catch((error: unknown) => {
  console.error(`White Stroke could not start: ${(error as Error).message}`);
  process.exit(1);
});
