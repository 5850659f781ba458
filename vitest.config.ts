import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/*
 * Two projects: `server` (Node; the database-backed tests, which `npm run test:pg` runs again on
 * PostgreSQL) and `client` (React components in happy-dom). Lint-rule tests run with the server.
 * A `*.pg.test.ts` file is about PostgreSQL alone (several servers on one database, its outages):
 * only the PostgreSQL run includes it, so the SQLite run skips nothing.
 *
 * `isolate: false`: the test files of one worker share one module graph instead of importing the
 * whole server (or React) again for each file, which took as long as the tests themselves. What a
 * file changes beyond its own app (timers, mocks, stubs, the admin tests' clock) is put back by
 * the setup file and `useAdminTestApp` before the next file starts.
 */
const POSTGRES_ONLY = '**/*.pg.test.ts';
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          isolate: false,
          include: [
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DB === 'postgres' ? [] : [POSTGRES_ONLY]),
          ],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          globalSetup: ['tests/setup/pg-template.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'happy-dom',
          isolate: false,
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/client.ts'],
        },
      },
    ],
  },
});
