import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { formatRupees } from '../shared/domain/money.ts';
import { App } from './app.tsx';
import { primeApiCache } from './lib/api-cache.ts';
import { readInitialData } from './lib/settings.tsx';
import { applyTheme } from './lib/theme.ts';
import './styles.css';

const initial = readInitialData();
const apiCache = primeApiCache(initial.api);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (
  <BrowserRouter>
    <App initial={initial} apiCache={apiCache} />
  </BrowserRouter>
);

if (root.hasChildNodes()) {
  // The server drew the page (docs/decisions/018-server-rendering.md): React takes it over. As a
  // transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread until the whole page is done: a tap meanwhile is answered, and a phone's slow
  // CPU makes no long task of it.
  const hydrate = () =>
    startTransition(() => {
      hydrateRoot(root, app, {
        // A mismatch is a bug: say so in the console, where every journey looks for errors.
        onRecoverableError: (error) => console.error('Hydration:', error),
      });
    });
  // The page's first date or fee loads the browser's locale data: a long task on a phone. So it
  // is a task of its own, between this module's and hydration's, and neither starting the app
  // nor a slice of hydration carries it. Messages, not timers: a test's fake clock holds timers.
  const steps = [() => formatRupees(0), hydrate];
  const next = new MessageChannel();
  next.port1.onmessage = () => {
    steps.shift()?.();
    if (steps.length > 0) next.port2.postMessage(null);
    else next.port1.close();
  };
  next.port2.postMessage(null);
} else {
  // Pages the server leaves to the browser (the admin and jury areas, an artist's entry) and
  // the dev server. Before the first paint, so the page never flashes the default colours.
  if (initial.settings) applyTheme(initial.settings.theme);
  createRoot(root).render(app);
}
