import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { Button } from '../../components/button.tsx';
import { FullScreenSpinner } from '../../components/full-screen-spinner.tsx';
import { paths } from '../../config/paths.ts';
import AccountPage from './account/account-page.tsx';
import AuditLogPage from './audit-log/audit-log-page.tsx';
import { AdminQueryProvider } from './common/admin-query.tsx';
import BannersPage from './banners/banners-page.tsx';
import CategoriesPage from './categories/categories-page.tsx';
import CompetitionsPage from './competitions/competitions-page.tsx';
import DashboardPage from './dashboard/dashboard-page.tsx';
import EmailTemplatesPage from './email-templates/email-templates-page.tsx';
import JudgingPage from './judging/judging-page.tsx';
import JurorsPage from './judging/jurors-page.tsx';
import RoundPage from './judging/round-page.tsx';
import { SessionProvider, SignInFirst, useSession } from './common/session.tsx';
import { AdminLayout } from './common/shell/admin-layout.tsx';
import LoginPage from './sign-in/login-page.tsx';
import OutboxPage from './outbox/outbox-page.tsx';
import SiteSettingsPage from './site-settings/site-settings-page.tsx';
import EntryDetailPage from './submissions/entry-detail-page.tsx';
import SubmissionsPage from './submissions/submissions-page.tsx';
import VideoSettingsPage from './video-settings/video-settings-page.tsx';

/*
 * The admin area: its own chunk (React.lazy in router.tsx), so public pages never download it.
 * Seed §2 "Admin area": a spinner while the session is checked, sign-in at
 * /admin, every other page behind the guard below.
 */
export default function AdminArea() {
  return (
    <SessionProvider>
      <AdminQueryProvider>
        <AdminRoutes />
      </AdminQueryProvider>
    </SessionProvider>
  );
}

/** The content screens, by path. */
const CONTENT_PAGES = [
  [paths.adminCompetitions, CompetitionsPage],
  [paths.adminCategories, CategoriesPage],
  [paths.adminVideoSettings, VideoSettingsPage],
  [paths.adminBannerSettings, BannersPage],
  [paths.adminSiteSettings, SiteSettingsPage],
] as const;

/** Routes below /admin/* match the rest of the path: '/admin/account' → 'account'. */
const below = (path: string) => path.slice(`${paths.admin}/`.length);

function AdminRoutes() {
  const { state, retry } = useSession();
  if (state.status === 'loading') return <FullScreenSpinner />;
  if (state.status === 'failed') {
    return (
      <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 p-4">
        <h1 className="text-2xl font-bold">Admin</h1>
        <p role="alert">{state.error.message}</p>
        <Button onClick={retry}>Try again</Button>
      </main>
    );
  }
  return (
    <Routes>
      <Route index element={<LoginPage />} />
      <Route element={<RequireAdmin />}>
        <Route path={below(paths.adminDashboard)} element={<DashboardPage />} />
        {CONTENT_PAGES.map(([path, Page]) => (
          <Route key={path} path={below(path)} element={<Page />} />
        ))}
        {/* A placeholder until the submissions screen arrives with its own issue. */}
        <Route path={below(paths.adminSubmissions)} element={<SubmissionsPage />} />
        <Route path={`${below(paths.adminSubmissions)}/:id`} element={<EntryDetailPage />} />
        <Route path={below(paths.adminAccount)} element={<AccountPage />} />
        <Route path={below(paths.adminAuditLog)} element={<AuditLogPage />} />
        <Route path={below(paths.adminOutbox)} element={<OutboxPage />} />
        <Route path={below(paths.adminEmailTemplates)} element={<EmailTemplatesPage />} />
        <Route path={below(paths.adminJurors)} element={<JurorsPage />} />
        <Route path={below(paths.adminJudging)} element={<JudgingPage />} />
        <Route path={`${below(paths.adminJudging)}/:competitionId`} element={<JudgingPage />} />
        <Route
          path={`${below(paths.adminJudging)}/:competitionId/rounds/:roundId`}
          element={<RoundPage />}
        />
        <Route path="*" element={<Navigate to={paths.adminDashboard} replace />} />
      </Route>
    </Routes>
  );
}

/**
 * The one guard for signed-in pages. A visitor goes to sign in, and the page they wanted rides
 * along in the location state (`from`); an admin whom the settings require to turn on two-factor
 * can reach only their account page until they do.
 */
function RequireAdmin() {
  const { state } = useSession();
  const { pathname } = useLocation();
  if (state.status !== 'signed-in') return <SignInFirst state={state} />;
  // A juror's pages are the jury's (their sign-in, too, starts here).
  if (state.admin.role === 'juror') return <Navigate to={paths.jury} replace />;
  if (state.admin.twoFactorSetupRequired && pathname !== paths.adminAccount) {
    return <Navigate to={paths.adminAccount} replace />;
  }
  return (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  );
}
