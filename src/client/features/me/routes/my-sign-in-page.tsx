import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ARTIST_SIGN_IN_MESSAGES } from '../../../../shared/schemas/artist.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/settings.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { signIn } from '../me-api.ts';

/** The token after '#', as the e-mail's link carries it. */
function tokenOf(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}

/*
 * A link works once: the one request per token, even when the page's effect runs twice (as
 * React's development mode makes it) or the page is drawn again.
 */
const tried = new Map<string, Promise<unknown>>();
function signInOnce(token: string): Promise<unknown> {
  let attempt = tried.get(token);
  if (!attempt) {
    attempt = signIn({ token });
    tried.set(token, attempt);
  }
  return attempt;
}

type State = { kind: 'signing-in' } | { kind: 'rejected'; message: string };

/**
 * Where the sign-in e-mail's link lands: the token after '#' (never sent to a server's log) goes
 * in a request body; signed in, the artist goes to their entries. A refused link says so, with
 * the form to ask for another.
 */
export default function MySignInPage() {
  usePageTitle('Sign in');
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = tokenOf(hash);
  const [state, setState] = useState<State>({ kind: 'signing-in' });

  useEffect(() => {
    if (token === '') return;
    let cancelled = false;
    signInOnce(token).then(
      () => {
        if (!cancelled) void navigate(paths.me, { replace: true });
      },
      (error: unknown) => {
        if (cancelled) return;
        const refused = error instanceof ApiError && (error.status === 401 || error.status === 400);
        setState({
          kind: 'rejected',
          message:
            refused || !(error instanceof ApiError)
              ? ARTIST_SIGN_IN_MESSAGES.rejected
              : error.message,
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, navigate]);

  // No token at all: nothing to try, the entries page has the form.
  if (token === '') return <Navigate to={paths.me} replace />;
  return (
    <section className="mx-auto min-h-screen max-w-3xl px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Sign in</h1>
      {state.kind === 'signing-in' ? (
        <p role="status" className="mt-6 text-gray-700 dark:text-gray-300">
          Signing you in…
        </p>
      ) : (
        <div className="mt-6">
          <SignInForm
            notice={state.message}
            onSignedIn={() => void navigate(paths.me, { replace: true })}
          />
        </div>
      )}
    </section>
  );
}
