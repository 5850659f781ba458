import {
  createContext,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { AdminSession } from '../../../../shared/schemas/auth.ts';
import { type ApiError, toApiError } from '../../../lib/api-client.ts';
import { useProvided } from '../../../lib/use-provided.ts';
import { Navigate, useLocation } from 'react-router';
import { useToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { fetchSession, signOut } from './api/session.ts';

/*
 * Who is signed in, as the server says. The session itself is an HttpOnly cookie the browser
 * sends by itself: nothing about it is stored in JavaScript-readable storage.
 */
export type SessionState =
  | { status: 'loading' }
  | { status: 'failed'; error: ApiError }
  /** `rememberPage`: after sign-in, come back to the page that needed it (not after logout). */
  | { status: 'signed-out'; rememberPage: boolean }
  | { status: 'signed-in'; admin: AdminSession };

interface SessionApi {
  state: SessionState;
  /** A successful sign-in answered with the new session. */
  signedIn(admin: AdminSession): void;
  /** Signed out by the server (an expired session answered 401), or by logout (`false`). */
  signedOut(rememberPage?: boolean): void;
  /** Asks the server again, e.g. after turning on two-factor; keeps the page on a network error. */
  refresh(): Promise<void>;
  /** Retries the first check after it failed. */
  retry(): void;
}

const SessionContext = createContext<SessionApi | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  const check = useCallback(async (first: boolean) => {
    try {
      const admin = await fetchSession();
      setState({ status: 'signed-in', admin });
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 401) setState({ status: 'signed-out', rememberPage: true });
      // A later check that cannot reach the server leaves the admin where they are.
      else if (first) setState({ status: 'failed', error: apiError });
    }
  }, []);

  // Once per visit to the admin area (StrictMode's second effect run included).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void check(true);
  }, [check]);

  // Stable functions: pages depend on them in effects, and a new session must not refetch data.
  const actions = useMemo<Omit<SessionApi, 'state'>>(
    () => ({
      signedIn: (admin) => setState({ status: 'signed-in', admin }),
      signedOut: (rememberPage = true) => setState({ status: 'signed-out', rememberPage }),
      refresh: () => check(false),
      retry: () => {
        setState({ status: 'loading' });
        void check(true);
      },
    }),
    [check],
  );
  const api = useMemo(() => ({ state, ...actions }), [state, actions]);
  return <SessionContext value={api}>{children}</SessionContext>;
}

export function useSession(): SessionApi {
  return useProvided(SessionContext, 'useSession must be used inside <SessionProvider>');
}

/** The signed-in admin; only for pages behind the admin guard. */
export function useAdmin(): AdminSession {
  const { state } = useSession();
  if (state.status !== 'signed-in') throw new Error('useAdmin needs a signed-in admin');
  return state.admin;
}

/**
 * Ends the session on the server, then here: the area's guard shows the sign-in page. `busy`
 * while it is asked; a failure is a toast and the admin or juror stays signed in.
 */
export function useSignOut() {
  const { signedOut } = useSession();
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  const signOutNow = async () => {
    setBusy(true);
    try {
      await signOut();
      signedOut(false);
    } catch (error) {
      setBusy(false);
      showToast((error as Error).message, { variant: 'error' });
    }
  };
  return { busy, signOut: signOutNow };
}

/**
 * For a visitor without a session: the sign-in page, the jury's own for a jury page and /admin for
 * the rest, with the page they wanted riding along (`from`) unless they signed out themselves.
 */
export function SignInFirst({ state }: { state: Exclude<SessionState, { status: 'signed-in' }> }) {
  const { pathname, search } = useLocation();
  const remember = state.status === 'signed-out' && state.rememberPage;
  const jury = pathname === paths.jury || pathname.startsWith(`${paths.jury}/`);
  return (
    <Navigate
      to={jury ? paths.jurySignIn : paths.admin}
      replace
      state={remember ? { from: `${pathname}${search}` } : undefined}
    />
  );
}
