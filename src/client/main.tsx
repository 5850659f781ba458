import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ToastProvider } from './components/toast.tsx';
import { primeApiCache } from './lib/api-cache.ts';
import { readInitialData, SettingsProvider } from './lib/settings.tsx';
import { applyTheme } from './lib/theme.ts';
import { AppRoutes } from './router.tsx';
import './styles.css';

const initial = readInitialData();
primeApiCache(initial.api);
// Before the first paint, so the page never flashes the default colours.
if (initial.settings) applyTheme(initial.settings.theme);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <SettingsProvider initial={initial.settings}>
        <ToastProvider>
          <AppRoutes />
        </ToastProvider>
      </SettingsProvider>
    </BrowserRouter>
  </StrictMode>,
);
