import { StrictMode } from 'react';
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
