import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { ApiError, apiFetch, isErrorEnvelope, toApiError } from './api-client.ts';

/*
 * What the browser already knows of the API, by request path. The server puts the first screen's
 * answers into the page (initial data), so the first render needs no round trip; later visits to
 * a page show what was loaded before at once and refresh it in the background (the server's ETag
 * makes an unchanged answer a 304 of a few bytes).
 */
type Entry = { data: unknown; fresh: boolean } | { error: ApiError; fresh: boolean };
export type ApiCache = Map<string, Entry>;
/** The browser's cache: one per tab. */
const browserEntries: ApiCache = new Map();

/**
 * The server renders each page with a cache of its own (its first data), never the module's:
 * renders of different pages run at once in one process.
 */
export const ApiCacheContext = createContext<ApiCache>(browserEntries);

/** Seeds the cache with the answers the server inlined; errors (a 404) are inlined as envelopes. */
export function primeApiCache(
  api: Record<string, unknown> | undefined,
  entries: ApiCache = browserEntries,
): ApiCache {
  for (const [path, value] of Object.entries(api ?? {})) {
    entries.set(
      path,
      isErrorEnvelope(value)
        ? {
            error: new ApiError(
              value.error.code === 'NOT_FOUND' ? 404 : 400,
              value.error.code,
              value.error.message,
            ),
            fresh: true,
          }
        : { data: value, fresh: true },
    );
  }
  return entries;
}

export interface ApiResource<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
}

function snapshot<T>(entries: ApiCache, path: string | null): ApiResource<T> {
  const entry = path ? entries.get(path) : undefined;
  if (!entry) return { data: undefined, error: undefined, loading: path !== null };
  return 'error' in entry
    ? { data: undefined, error: entry.error, loading: false }
    : { data: entry.data as T, error: undefined, loading: false };
}

/** GETs `path` (null: nothing to load), showing a cached answer first when there is one. */
export function useApiResource<T>(path: string | null): ApiResource<T> & { retry: () => void } {
  const entries = useContext(ApiCacheContext);
  const [state, setState] = useState<{ path: string | null; value: ApiResource<T> }>(() => ({
    path,
    value: snapshot<T>(entries, path),
  }));
  const [attempt, setAttempt] = useState(0);
  // A new path shows its own cached answer (or loading) at once, never the previous path's data.
  const current = state.path === path ? state.value : snapshot<T>(entries, path);

  useEffect(() => {
    if (path === null) return;
    const entry = entries.get(path);
    // The server's inlined answer is as fresh as the page (and already rendered from the cache):
    // use it once without asking again.
    if (entry?.fresh) {
      entry.fresh = false;
      return;
    }
    let cancelled = false;
    apiFetch<T>(path).then(
      (data) => {
        entries.set(path, { data, fresh: false });
        if (!cancelled) setState({ path, value: { data, error: undefined, loading: false } });
      },
      (error: unknown) => {
        const apiError = toApiError(error);
        // A failed request is not remembered: the next visit asks again and shows 'loading',
        // not an old error. A failed refresh keeps showing what was loaded before.
        if (cancelled || entries.has(path)) return;
        setState({ path, value: { data: undefined, error: apiError, loading: false } });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [entries, path, attempt]);

  const retry = useCallback(() => {
    if (path) entries.delete(path);
    setState({ path, value: snapshot<T>(entries, path) });
    setAttempt((n) => n + 1);
  }, [entries, path]);

  return { ...current, retry };
}

/** For tests: forget everything. */
export function clearApiCache(): void {
  browserEntries.clear();
}
