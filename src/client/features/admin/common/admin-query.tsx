import {
  keepPreviousData,
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  type QueryKey,
  useQuery,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from './session.tsx';

// Every admin request goes through apiFetch, which throws nothing but ApiError.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

/**
 * The admin area's server state. Lives inside the session: a 401 from any query or mutation means
 * the session has ended (expired, or this admin was removed), so the guard sends the admin to sign
 * in, remembering the page; a 403 may mean the rules changed (two-factor now required), so the
 * session is read again.
 */
export function AdminQueryProvider({ children }: { children: ReactNode }) {
  const { signedOut, refresh } = useSession();
  const [client] = useState(() => {
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) signedOut(true);
      if (error instanceof ApiError && error.status === 403) void refresh();
    };
    return new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      defaultOptions: {
        // An answer belongs to one signed-in admin and changes with every write on the screen:
        // nothing outlives the screen that asked, and a failure is shown at once with 'Try again'
        // rather than retried behind the admin's back. Requests go out even when the browser
        // thinks it is offline: the admin then reads the network error instead of waiting.
        queries: {
          gcTime: 0,
          retry: false,
          refetchOnWindowFocus: false,
          refetchOnReconnect: false,
          networkMode: 'always',
        },
        mutations: { retry: false, networkMode: 'always' },
      },
    });
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export interface AdminResource<T> {
  /** The last answer; kept while a reload or the next page loads, so the screen never blanks. */
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  reload: () => void;
}

/** A query as the screens show it (see ResourceView): its answer, its failure, its loading. */
export function useAdminQuery<T, K extends QueryKey>(
  options: UseQueryOptions<T, ApiError, T, K>,
): AdminResource<T> {
  const { data, error, isFetching, refetch } = useQuery({
    placeholderData: keepPreviousData,
    ...options,
  });
  return {
    data,
    error: isFetching ? undefined : (error ?? undefined),
    loading: isFetching,
    reload: () => void refetch(),
  };
}
