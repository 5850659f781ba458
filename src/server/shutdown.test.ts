import { describe, expect, it } from 'vitest';
import { createTestEnvironment, TEST_ENGINE } from '../../tests/setup/test-database.ts';
import { buildApp } from './app.ts';
import { initializeSite } from './initialize.ts';

describe(`graceful shutdown on ${TEST_ENGINE}`, () => {
  it('finishes a request in flight, then refuses new connections and closes the database', async () => {
    const environment = await createTestEnvironment();
    const app = await buildApp(environment.config);
    let releaseSlowRequest = () => {};
    let slowRequestArrived = () => {};
    const arrived = new Promise<void>((resolve) => (slowRequestArrived = resolve));
    // A request that is still being handled when the shutdown begins.
    app.get('/api/test/slow', async () => {
      slowRequestArrived();
      await new Promise<void>((resolve) => (releaseSlowRequest = resolve));
      return { finished: true };
    });
    try {
      await initializeSite(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

      const inFlight = fetch(`${base}/api/test/slow`);
      await arrived;
      // What main.ts does on SIGTERM or SIGINT.
      const closing = app.close();
      releaseSlowRequest();
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ finished: true });
      await closing;

      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
      await expect(app.deps.database.ping()).rejects.toThrow();
    } finally {
      if (app.server.listening) await app.close();
      await environment.cleanup();
    }
  });
});
