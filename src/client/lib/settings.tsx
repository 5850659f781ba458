import { publicApiPaths } from '../../shared/api-paths.ts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import type { PublicSettings } from '../../shared/schemas/settings.ts';
import { DEFAULT_PUBLIC_SETTINGS } from '../../shared/site-defaults.ts';
import { apiFetch } from './api-client.ts';
import { applyTheme } from './theme.ts';

export interface InitialData {
  settings?: PublicSettings;
  /** API answers for the first screen, by request path (see lib/api-cache.ts). */
  api?: Record<string, unknown>;
  /** When the server rendered the page (epoch ms): the clock of the hydrating render. */
  renderedAt?: number;
}

/** The data the server put into the page (see src/server/plugins/client.ts). */
export function readInitialData(): InitialData {
  const element = document.getElementById('initial-data');
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as InitialData;
  } catch {
    return {};
  }
}

const SettingsContext = createContext<PublicSettings>(DEFAULT_PUBLIC_SETTINGS);
const ReloadSettingsContext = createContext<() => void>(() => {});

/**
 * Provides the public site settings. The page carries them, so the first render needs no request;
 * without them (the dev server) they are fetched once and the defaults show meanwhile.
 */
export function SettingsProvider({
  initial,
  children,
}: {
  initial: PublicSettings | undefined;
  children: ReactNode;
}) {
  const [settings, setSettings] = useState<PublicSettings>(initial ?? DEFAULT_PUBLIC_SETTINGS);
  useEffect(() => {
    if (initial) return;
    let cancelled = false;
    apiFetch<PublicSettings>(publicApiPaths.settings).then(
      (loaded) => {
        if (!cancelled) setSettings(loaded);
      },
      // The defaults stay; the site is usable without its custom look.
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [initial]);
  useEffect(() => applyTheme(settings.theme), [settings.theme]);
  const reload = useCallback(() => {
    apiFetch<PublicSettings>(publicApiPaths.settings).then(setSettings, () => {});
  }, []);
  return (
    <SettingsContext value={settings}>
      <ReloadSettingsContext value={reload}>{children}</ReloadSettingsContext>
    </SettingsContext>
  );
}

/** Reads the settings again: after an admin saves them, this tab shows the new look and title too. */
export function useReloadSettings(): () => void {
  return useContext(ReloadSettingsContext);
}

export function useSettings(): PublicSettings {
  return useContext(SettingsContext);
}

/** Sets the browser tab's title to "<page> | <site title>", or the site title alone. */
export function usePageTitle(pageTitle?: string): void {
  const { title } = useSettings();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${title}` : title;
  }, [pageTitle, title]);
}
