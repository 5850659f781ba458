import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { Clock } from '../../src/server/clock.ts';
import type { Config } from '../../src/server/config.ts';
import type { ImageJobsOptions } from '../../src/server/features/media/image-jobs.service.ts';
import { initializeSite, type InitializeResult } from '../../src/server/initialize.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/shared/csrf.ts';
import { makeFakeClientBuild } from './fake-client-build.ts';
import { createTestEnvironment } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  initialized: InitializeResult;
  close(): Promise<void>;
}

/** The whole application on a fresh database, migrated and initialized, ready for inject(). */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: {
    beforeReady?: (app: FastifyInstance) => void;
    /** The server's clock: a test moves it instead of waiting for time to pass. */
    clock?: Clock;
    /** The picture worker's settings: a test of its jobs runs its rounds itself. */
    imageJobs?: ImageJobsOptions;
  } = {},
): Promise<TestApp> {
  const environment = await createTestEnvironment(overrides, { migrated: true });
  const app = await buildApp(environment.config, {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.imageJobs ? { imageJobs: options.imageJobs } : {}),
  });
  options.beforeReady?.(app);
  const initialized = await initializeSite(app);
  await app.ready();
  return {
    app,
    config: environment.config,
    initialized,
    async close() {
      await app.close();
      await environment.cleanup();
    },
  };
}

/** The header our API client sends with every request; state changes need it (CSRF). */
export const OUR_CLIENT_HEADERS = { [CSRF_HEADER]: CSRF_HEADER_VALUE } as const;

/**
 * The file's test app, built once in beforeAll and closed in afterAll: use it in tests and hooks.
 * With `clientBuild` it serves a fake browser build (pages render), removed again afterwards.
 */
export function useTestApp(
  options: {
    config?: Partial<Config>;
    /** 'server-rendered': pages are drawn on the server by the app itself, as in production. */
    clientBuild?: boolean | 'server-rendered';
    clock?: Clock;
    imageJobs?: ImageJobsOptions;
  } = {},
): TestApp {
  let built: TestApp | undefined;
  let clientDir: string | undefined;
  const current = (): TestApp => {
    if (!built) throw new Error('The test app is built in beforeAll: use it in tests and hooks.');
    return built;
  };
  beforeAll(async () => {
    clientDir = options.clientBuild
      ? makeFakeClientBuild({ serverRendered: options.clientBuild === 'server-rendered' })
      : undefined;
    built = await buildTestApp(
      { ...options.config, ...(clientDir ? { clientDir } : {}) },
      {
        ...(options.clock ? { clock: options.clock } : {}),
        ...(options.imageJobs ? { imageJobs: options.imageJobs } : {}),
      },
    );
  });
  afterAll(async () => {
    await built?.close();
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  });
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get initialized() {
      return current().initialized;
    },
    close: () => current().close(),
  };
}
