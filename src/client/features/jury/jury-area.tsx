import { lazy, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { Button } from '../../components/button.tsx';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { paths } from '../../config/paths.ts';
import { AdminQueryProvider } from '../admin/common/admin-query.tsx';
import { SessionProvider, SignInFirst, useSession } from '../admin/common/session.tsx';
import AccountPage from './account-page.tsx';
import InvitationPage from './invitation-page.tsx';
import { JuryLayout } from './jury-layout.tsx';
import { LeaveGuardProvider } from './leave-guard.tsx';
import RoundsPage from './rounds-page.tsx';
import WorkPage from './work-page.tsx';

// Only a ranking round needs the drag library: a juror scoring on a phone never downloads it.
const BallotPage = lazy(() => import('./ballot-page.tsx'));

/*
 * The jury area: its own chunk (React.lazy in router.tsx), like the admin area, whose session,
 * query defaults and form pieces it shares. A juror signs in at /jury/sign-in (the admin's form in
 * the jury's words, routed in router.tsx), which sends them here; the invitation link's page
 * needs no session, and choosing a password there signs the juror in.
 */
export default function JuryArea() {
  return (
    <Routes>
      <Route path="invitation" element={<InvitationPage />} />
      <Route
        path="*"
        element={
          <SessionProvider>
            <AdminQueryProvider>
              <JuryRoutes />
            </AdminQueryProvider>
          </SessionProvider>
        }
      />
    </Routes>
  );
}

function JuryRoutes() {
  const { state, retry } = useSession();
  if (state.status === 'loading') return <FullScreenSpinner />;
  if (state.status === 'failed') {
    return (
      <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 p-4">
        <h1 className="text-2xl font-bold">Jury</h1>
        <p role="alert">{state.error.message}</p>
        <Button onClick={retry}>Try again</Button>
      </main>
    );
  }
  return (
    <Routes>
      <Route element={<RequireJuror />}>
        <Route index element={<RoundsPage />} />
        <Route path="rounds/:roundId/works/:alias" element={<WorkPage />} />
        <Route
          path="rounds/:roundId/ballot"
          element={
            <Suspense fallback={<FullScreenSpinner />}>
              <BallotPage />
            </Suspense>
          }
        />
        <Route path="account" element={<AccountPage />} />
        <Route path="*" element={<Navigate to={paths.jury} replace />} />
      </Route>
    </Routes>
  );
}

/**
 * Signed-in jurors only. A visitor signs in at /jury/sign-in, and the page they wanted rides along
 * (`from`); an admin, who has no works to score, goes to the admin area.
 */
function RequireJuror() {
  const { state } = useSession();
  if (state.status !== 'signed-in') return <SignInFirst state={state} />;
  if (state.admin.role !== 'juror') return <Navigate to={paths.adminDashboard} replace />;
  return (
    <LeaveGuardProvider>
      <JuryLayout>
        <Outlet />
      </JuryLayout>
    </LeaveGuardProvider>
  );
}
