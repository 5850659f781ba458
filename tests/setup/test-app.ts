import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/shared/csrf.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import { initializeSite, type InitializeResult } from '../../src/server/initialize.ts';
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
  options: { beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const environment = await createTestEnvironment(overrides);
  const app = await buildApp(environment.config);
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
