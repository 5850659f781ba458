import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import AccountPage from './account/account-page.tsx';
import AuditLogPage from './audit-log/audit-log-page.tsx';
import { AdminQueryProvider } from './common/admin-query.tsx';
import BannersPage from './banners/banners-page.tsx';
import CategoriesPage from './categories/categories-page.tsx';
import CodesPage from './codes/codes-page.tsx';
import CompetitionPreviewPage from './competitions/competition-preview-page.tsx';
import CompetitionsPage from './competitions/competitions-page.tsx';
import DashboardPage from './dashboard/dashboard-page.tsx';
import EmailTemplatesPage from './email-templates/email-templates-page.tsx';
import ErasureRequestsPage from './erasure/erasure-requests-page.tsx';
import ExhibitionsPage from './exhibitions/exhibitions-page.tsx';
import JudgingPage from './judging/judging-page.tsx';
import JurorsPage from './judging/jurors-page.tsx';
import RoundPage from './judging/round-page.tsx';
import { useAdmin } from './common/session.tsx';
import { AdminLayout } from './common/shell/admin-layout.tsx';
import { destinationAfterSignIn } from './sign-in/login-page.tsx';
import OutboxPage from './outbox/outbox-page.tsx';
import SiteSettingsPage from './site-settings/site-settings-page.tsx';
import EntryDetailPage from './submissions/entry-detail-page.tsx';
import SubmissionsPage from './submissions/submissions-page.tsx';
import VideoSettingsPage from './video-settings/video-settings-page.tsx';
import VotesPage from './votes/votes-page.tsx';

/*
 * The admin area behind sign-in: its own chunk, which admin-entry.tsx loads once an admin is
 * signed in (public pages and the sign-in page never download it). Every page here is behind the
 * guard below.
 */
export default function AdminArea() {
  return (
    <AdminQueryProvider>
      <AdminRoutes />
    </AdminQueryProvider>
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
  return (
    <Routes>
      <Route index element={<AfterSignIn />} />
      <Route element={<RequireAdmin />}>
        <Route path={below(paths.adminDashboard)} element={<DashboardPage />} />
        {CONTENT_PAGES.map(([path, Page]) => (
          <Route key={path} path={below(path)} element={<Page />} />
        ))}
        <Route
          path={`${below(paths.adminCompetitions)}/:id/preview`}
          element={<CompetitionPreviewPage />}
        />
        {/* A placeholder until the submissions screen arrives with its own issue. */}
        <Route path={below(paths.adminSubmissions)} element={<SubmissionsPage />} />
        <Route path={`${below(paths.adminSubmissions)}/:id`} element={<EntryDetailPage />} />
        <Route path={below(paths.adminErasureRequests)} element={<ErasureRequestsPage />} />
        <Route path={below(paths.adminAccount)} element={<AccountPage />} />
        <Route path={below(paths.adminAuditLog)} element={<AuditLogPage />} />
        <Route path={below(paths.adminOutbox)} element={<OutboxPage />} />
        <Route path={below(paths.adminCodes)} element={<CodesPage />} />
        <Route path={below(paths.adminEmailTemplates)} element={<EmailTemplatesPage />} />
        <Route path={below(paths.adminJurors)} element={<JurorsPage />} />
        <Route path={below(paths.adminExhibitions)} element={<ExhibitionsPage />} />
        <Route path={below(paths.adminJudging)} element={<JudgingPage />} />
        <Route path={`${below(paths.adminJudging)}/:competitionId`} element={<JudgingPage />} />
        <Route
          path={`${below(paths.adminJudging)}/:competitionId/rounds/:roundId`}
          element={<RoundPage />}
        />
        <Route path={below(paths.adminVotes)} element={<VotesPage />} />
        <Route path={`${below(paths.adminVotes)}/:competitionId`} element={<VotesPage />} />
        <Route path="*" element={<Navigate to={paths.adminDashboard} replace />} />
      </Route>
    </Routes>
  );
}

/** /admin once signed in: the page that sent the admin to sign in, else the dashboard. */
function AfterSignIn() {
  const { state } = useLocation();
  return <Navigate to={destinationAfterSignIn(state)} replace />;
}

/**
 * The one guard for signed-in pages (admin-entry.tsx renders the area for a signed-in admin
 * only): an admin whom the settings require to turn on two-factor can reach only their account
 * page until they do.
 */
function RequireAdmin() {
  const admin = useAdmin();
  const { pathname } = useLocation();
  if (admin.twoFactorSetupRequired && pathname !== paths.adminAccount) {
    return <Navigate to={paths.adminAccount} replace />;
  }
  return (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  );
}
