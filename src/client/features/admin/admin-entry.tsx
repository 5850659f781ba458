import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Button } from '../../components/button.tsx';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { paths } from '../../config/paths.ts';
import { SessionProvider, SignInFirst, useSession } from './common/session.tsx';
import LoginPage from './sign-in/login-page.tsx';

/*
 * /admin's own chunk (React.lazy in router.tsx): the session check and the sign-in page, nothing
 * more. Everything behind sign-in (the layout, the screens, their query cache) is the admin
 * area's chunk, loaded once an admin is signed in, and fetched while the sign-in form is used.
 */
const loadAdminArea = () => import('./admin-area.tsx');
const AdminArea = lazy(loadAdminArea);
/** A failed early fetch is not shown: loading the area after sign-in tries again. */
const prefetchAdminArea = () => void loadAdminArea().catch(() => {});

/** Seed §2 "Admin area": a spinner while the session is checked, sign-in at /admin. */
export default function AdminEntry() {
  return (
    <SessionProvider>
      <AdminGate />
    </SessionProvider>
  );
}

/** While the session is checked, or why it could not be. */
function SessionPending({ heading }: { heading: string }) {
  const { state, retry } = useSession();
  if (state.status !== 'failed') return <FullScreenSpinner />;
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 p-4">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p role="alert">{state.error.message}</p>
      <Button onClick={retry}>Try again</Button>
    </main>
  );
}

/**
 * /jury/sign-in: where a juror arrives to sign in (a jury page asked for, or signed out), the same
 * form in the jury's words; once signed in, on to the page they wanted or their rounds.
 */
export function JurySignIn() {
  return (
    <SessionProvider>
      <JurySignInGate />
    </SessionProvider>
  );
}

function JurySignInGate() {
  const { state } = useSession();
  if (state.status === 'loading' || state.status === 'failed') {
    return <SessionPending heading="Jury" />;
  }
  return <LoginPage area="juror" />;
}

function AdminGate() {
  const { state } = useSession();
  if (state.status === 'loading' || state.status === 'failed') {
    return <SessionPending heading="Admin" />;
  }
  if (state.status === 'signed-in' && state.admin.role === 'admin') {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <AdminArea />
      </Suspense>
    );
  }
  // A visitor signs in first, the page they wanted riding along; a juror's pages are the jury's
  // (their sign-in, too, starts here).
  return (
    <Routes>
      <Route index element={<LoginPage onFirstUse={prefetchAdminArea} />} />
      <Route
        path="*"
        element={
          state.status === 'signed-in' ? (
            <Navigate to={paths.jury} replace />
          ) : (
            <SignInFirst state={state} />
          )
        }
      />
    </Routes>
  );
}
