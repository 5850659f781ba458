import { notifyManager, QueryClient, useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect } from 'react';
import { ApiError, apiFetch, isErrorEnvelope, toApiError } from './api-client.ts';

/*
 * What the browser already knows of the API, by request path: a TanStack Query client, as the
 * admin and jury areas use. The server puts the first screen's answers into the page (initial
 * data), so the first render needs no round trip; later visits to a page show what was loaded
 * before at once and refresh it in the background (the server's ETag makes an unchanged answer a
 * 304 of a few bytes).
 */
export type ApiCache = QueryClient;

/*
 * An answer reaches the page in a microtask, not after a zero timer (the library's default): a
 * background tab slows timers to one a second, and a page whose clock stands still (a test's
 * frozen clock) would never show what it loaded.
 */
notifyManager.setScheduler(queueMicrotask);

const newApiCache = () =>
  new QueryClient({
    defaultOptions: {
      // Kept for the tab's life; a failure is shown at once with 'Try again', never retried behind
      // the visitor's back, and nothing is asked again on focus or reconnect.
      queries: {
        gcTime: Infinity,
        staleTime: 0,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        networkMode: 'always',
      },
    },
  });

/** The browser's cache: one per tab. */
const browserCache = newApiCache();

/**
 * The server renders each page with a cache of its own (its first data), never the module's:
 * renders of different pages run at once in one process. A context of its own rather than
 * QueryClientProvider: the admin area's provider below never takes these answers over.
 */
export const ApiCacheContext = createContext<ApiCache>(browserCache);

/** The inlined answers not yet shown: as fresh as the page, used once without asking again. */
const inlined = new WeakMap<ApiCache, Set<string>>();
const inlinedIn = (cache: ApiCache) => {
  let paths = inlined.get(cache);
  if (!paths) inlined.set(cache, (paths = new Set()));
  return paths;
};

/** Seeds the cache with the answers the server inlined; errors (a 404) are inlined as envelopes. */
export function primeApiCache(
  api: Record<string, unknown> | undefined,
  cache: ApiCache = browserCache,
): ApiCache {
  for (const [path, value] of Object.entries(api ?? {})) {
    inlinedIn(cache).add(path);
    if (!isErrorEnvelope(value)) {
      cache.setQueryData([path], value);
      continue;
    }
    const { code, message } = value.error;
    const error = new ApiError(code === 'NOT_FOUND' ? 404 : 400, code, message);
    const query = cache.getQueryCache().build(cache, { queryKey: [path] });
    query.setState({ ...query.state, status: 'error', error, errorUpdatedAt: Date.now() });
  }
  return cache;
}

/** A fresh cache for each server render. */
export const serverApiCache = (api: Record<string, unknown> | undefined) =>
  primeApiCache(api, newApiCache());

export interface ApiResource<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
}

/** GETs `path` (null: nothing to load), showing a cached answer first when there is one. */
export function useApiResource<T>(path: string | null): ApiResource<T> & { retry: () => void } {
  const cache = useContext(ApiCacheContext);
  const query = useQuery(
    {
      queryKey: [path],
      queryFn: () =>
        apiFetch<T>(path as string).catch((error: unknown) => {
          throw toApiError(error);
        }),
      // An inlined answer is not asked for again on its first showing.
      enabled: () => path !== null && !inlinedIn(cache).has(path),
    },
    cache,
  );
  // Shown once: the next visit shows it at once and refreshes it.
  useEffect(() => {
    if (path !== null) inlinedIn(cache).delete(path);
  }, [cache, path]);

  const retry = useCallback(() => {
    if (path !== null) void cache.resetQueries({ queryKey: [path], exact: true });
  }, [cache, path]);

  const data = query.data;
  // A failed refresh keeps showing what was loaded before.
  const error = data === undefined ? (query.error ?? undefined) : undefined;
  return {
    data,
    error,
    loading: path !== null && data === undefined && error === undefined,
    retry,
  };
}

/** For tests: forget everything. */
export function clearApiCache(): void {
  browserCache.clear();
  inlined.delete(browserCache);
}
