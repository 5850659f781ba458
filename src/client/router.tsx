import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from './components/error-screen.tsx';
import { FullScreenSpinner } from './components/full-screen-spinner.tsx';
import { SiteLayout } from './components/layout/site-layout.tsx';
import { paths } from './config/paths.ts';
import HomePage from './features/home/routes/home-page.tsx';
import {
  AboutPage,
  ContactPage,
  PrivacyPage,
  RazorpayPolicyPage,
  TermsPage,
} from './features/static-pages/routes/static-pages.tsx';

// Only the home page is in the first download; other pages load when visited.
const CompetitionPage = lazy(() => import('./features/competitions/routes/competition-page.tsx'));
const ResultsPage = lazy(() => import('./features/results/routes/results-page.tsx'));
const JudgingRecordPage = lazy(() => import('./features/results/routes/judging-record-page.tsx'));
const AllResultsPage = lazy(() => import('./features/results/routes/all-results-page.tsx'));
const CertificatePage = lazy(() => import('./features/results/routes/certificate-page.tsx'));
const ExhibitionsPage = lazy(() => import('./features/exhibitions/routes/exhibitions-page.tsx'));
const ExhibitionPage = lazy(() => import('./features/exhibitions/routes/exhibition-page.tsx'));
const ExhibitionWorkPage = lazy(
  () => import('./features/exhibitions/routes/exhibition-work-page.tsx'),
);
const RegisterPage = lazy(() => import('./features/registration/routes/register-page.tsx'));
const RegistrationSuccessPage = lazy(
  () => import('./features/registration/routes/registration-success-page.tsx'),
);
const EntryPage = lazy(() => import('./features/entry/routes/entry-page.tsx'));
const MyEntriesPage = lazy(() => import('./features/me/routes/my-entries-page.tsx'));
const MySignInPage = lazy(() => import('./features/me/routes/my-sign-in-page.tsx'));
const AdminArea = lazy(() => import('./features/admin/admin-entry.tsx'));
const JuryArea = lazy(() => import('./features/jury/jury-area.tsx'));
// The sign-in form lives with the admin's: a juror's sign-in is the same chunk in other words.
const JurySignIn = lazy(async () => ({
  default: (await import('./features/admin/admin-entry.tsx')).JurySignIn,
}));

/**
 * Seed §2's routes. Declarative routing (not the data router) keeps the first download small;
 * see docs/decisions/003-declarative-routing.md.
 */
export function AppRoutes() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<FullScreenSpinner />}>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route index element={<HomePage />} />
            <Route path={paths.register} element={<Navigate to={paths.home} replace />} />
            <Route path={paths.registerCompetition} element={<RegisterPage />} />
            <Route path={paths.registrationSuccess} element={<RegistrationSuccessPage />} />
            <Route path={paths.competitionPattern} element={<CompetitionPage />} />
            <Route path={paths.competitionResultsPattern} element={<ResultsPage />} />
            <Route path={paths.judgingRecordPattern} element={<JudgingRecordPage />} />
            <Route path={paths.results} element={<AllResultsPage />} />
            <Route path={paths.certificatePattern} element={<CertificatePage />} />
            <Route path={paths.exhibitions} element={<ExhibitionsPage />} />
            <Route path={paths.exhibitionPattern} element={<ExhibitionPage />} />
            <Route path={paths.exhibitionWorkPattern} element={<ExhibitionWorkPage />} />
            <Route path={paths.entry} element={<EntryPage />} />
            <Route path={paths.me} element={<MyEntriesPage />} />
            <Route path={paths.meSignIn} element={<MySignInPage />} />
            <Route path={paths.about} element={<AboutPage />} />
            <Route path={paths.contact} element={<ContactPage />} />
            <Route path={paths.privacy} element={<PrivacyPage />} />
            <Route path={paths.terms} element={<TermsPage />} />
            <Route path={paths.razorpayPolicy} element={<RazorpayPolicyPage />} />
          </Route>
          <Route path={`${paths.admin}/*`} element={<AdminArea />} />
          <Route path={paths.jurySignIn} element={<JurySignIn />} />
          <Route path={`${paths.jury}/*`} element={<JuryArea />} />
          <Route path="*" element={<Navigate to={paths.home} replace />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
