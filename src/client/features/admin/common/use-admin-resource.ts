import { useCallback, useEffect, useState } from 'react';
import { type ApiError, toApiError } from '../../../lib/api-client.ts';
import { useAdminFetch } from './session.tsx';

export interface AdminResource<T> {
  /** The last answer; kept while a reload or the next page loads, so the screen never blanks. */
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/*
 * GETs an admin API path, again whenever `revision` changes (another part of the screen wrote
 * something this answer depends on). Unlike the public pages' cache (lib/api-cache.ts), nothing outlives the
 * page: admin answers belong to one signed-in admin and change with every write on the screen.
 */
export function useAdminResource<T>(path: string, revision = 0): AdminResource<T> {
  const adminFetch = useAdminFetch();
  const [attempt, setAttempt] = useState(0);
  const key = `${revision}.${attempt} ${path}`;
  const [result, setResult] = useState<{ key: string; data?: T; error?: ApiError }>({ key: '' });

  useEffect(() => {
    let cancelled = false;
    adminFetch<T>(path).then(
      (data) => {
        if (!cancelled) setResult({ key, data });
      },
      (error: unknown) => {
        if (cancelled) return;
        setResult((previous) => ({ key, data: previous.data, error: toApiError(error) }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [adminFetch, path, key]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const loading = result.key !== key;
  return { data: result.data, error: loading ? undefined : result.error, loading, reload };
}
