import { StrictMode, useEffect } from 'react';
import { ToastProvider } from './components/toast.tsx';
import { type ApiCache, ApiCacheContext } from './lib/api-cache.ts';
import { RenderTimeProvider } from './lib/render-time.tsx';
import { type InitialData, SettingsProvider } from './lib/settings.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The whole app below its router: the same tree renders on the server (entry-server.tsx, a static
 * router) and hydrates in the browser (main.tsx), so the two agree on every element.
 */
export function App({ initial, apiCache }: { initial: InitialData; apiCache: ApiCache }) {
  // Marks the page as run by the app (its first commit, hydration included): until then a link
  // is a plain page load, and a journey that drives the router itself waits for this.
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
  }, []);
  return (
    <StrictMode>
      <ApiCacheContext value={apiCache}>
        <RenderTimeProvider value={initial.renderedAt}>
          <SettingsProvider initial={initial.settings}>
            <ToastProvider>
              <AppRoutes />
            </ToastProvider>
          </SettingsProvider>
        </RenderTimeProvider>
      </ApiCacheContext>
    </StrictMode>
  );
}
