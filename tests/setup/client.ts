import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearApiCache } from '../../src/client/lib/api-cache.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The page is
// unmounted, and the tab's cache (one per worker: files share modules) emptied, before the other
// setup file puts `fetch` back: nothing left of a test can then ask the real network.
afterEach(() => {
  cleanup();
  clearApiCache();
});
