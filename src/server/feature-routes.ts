import type { FeaturePlugin } from './deps.ts';
import { auditAdminRoutes } from './features/audit/audit.routes.ts';
import { accountsAdminRoutes } from './features/auth/accounts.routes.ts';
import { authPublicRoutes } from './features/auth/auth.routes.ts';
import { twoFactorRoutes } from './features/auth/two-factor.routes.ts';
import { dashboardAdminRoutes } from './features/dashboard/dashboard.routes.ts';
import { bannersAdminRoutes, bannersPublicRoutes } from './features/banners/banners.routes.ts';
import { imageUploadsAdminRoutes } from './features/media/image-uploads.routes.ts';
import { privateFilesAdminRoutes } from './features/media/private-files.routes.ts';
import { registrationPublicRoutes } from './features/submissions/registration.routes.ts';
import {
  categoriesAdminRoutes,
  categoriesPublicRoutes,
} from './features/categories/categories.routes.ts';
import {
  competitionsAdminRoutes,
  competitionsPublicRoutes,
} from './features/competitions/competitions.routes.ts';
import { healthPublicRoutes } from './features/health/health.routes.ts';
import { judgingAdminRoutes, judgingPublicRoutes } from './features/jury/judging.routes.ts';
import { redactionsAdminRoutes } from './features/jury/redactions.routes.ts';
import { roundsAdminRoutes } from './features/jury/rounds.routes.ts';
import { awardsAdminRoutes } from './features/results/awards.routes.ts';
import { ballotsAdminRoutes, ballotsJuryRoutes } from './features/results/ballots.routes.ts';
import { resultsAdminRoutes, resultsPublicRoutes } from './features/results/results.routes.ts';
import { lifecycleAdminRoutes } from './features/competitions/lifecycle.routes.ts';
import { scoringJuryRoutes } from './features/jury/scoring.routes.ts';
import { jurorInvitationsPublicRoutes, jurorsAdminRoutes } from './features/jury/jurors.routes.ts';
import { outboxAdminRoutes } from './features/mail/outbox.routes.ts';
import { pagesPublicRoutes } from './features/pages/pages.routes.ts';
import { paymentsPublicRoutes } from './features/payments/payments.routes.ts';
import { paymentsAdminRoutes } from './features/payments/refunds.routes.ts';
import { testCheckoutPublicRoutes } from './features/payments/test-checkout.routes.ts';
import { archiveAdminRoutes } from './features/review/archive.routes.ts';
import { decisionsAdminRoutes } from './features/review/decisions.routes.ts';
import { exportAdminRoutes } from './features/review/export.routes.ts';
import { reviewAdminRoutes } from './features/review/review.routes.ts';
import { emailTemplatesAdminRoutes } from './features/mail/email-templates.routes.ts';
import { entriesPublicRoutes } from './features/submissions/entries.routes.ts';
import { settingsAdminRoutes, settingsPublicRoutes } from './features/settings/settings.routes.ts';
import { siteSettingsAdminRoutes } from './features/settings/site-settings.routes.ts';

/**
 * Each feature's routes, by the scope they are registered in. The scope's hooks guard every route
 * in it, so a route is guarded by where it is listed, never by its URL: the public API (the CSRF
 * check on every state-changing request), the admin API under /api/admin (a signed-in admin).
 */
export const PUBLIC_API: FeaturePlugin[] = [
  healthPublicRoutes,
  settingsPublicRoutes,
  authPublicRoutes,
  competitionsPublicRoutes,
  categoriesPublicRoutes,
  bannersPublicRoutes,
  pagesPublicRoutes,
  paymentsPublicRoutes,
  testCheckoutPublicRoutes,
  registrationPublicRoutes,
  entriesPublicRoutes,
  judgingPublicRoutes,
  jurorInvitationsPublicRoutes,
  resultsPublicRoutes,
];
/** Under /api/jury: a signed-in juror, who sees only the rounds and works assigned to them. */
export const JURY_API: FeaturePlugin[] = [scoringJuryRoutes, ballotsJuryRoutes, twoFactorRoutes];
export const ADMIN_API: FeaturePlugin[] = [
  dashboardAdminRoutes,
  settingsAdminRoutes,
  siteSettingsAdminRoutes,
  accountsAdminRoutes,
  twoFactorRoutes,
  auditAdminRoutes,
  outboxAdminRoutes,
  emailTemplatesAdminRoutes,
  competitionsAdminRoutes,
  lifecycleAdminRoutes,
  categoriesAdminRoutes,
  bannersAdminRoutes,
  imageUploadsAdminRoutes,
  privateFilesAdminRoutes,
  paymentsAdminRoutes,
  reviewAdminRoutes,
  decisionsAdminRoutes,
  exportAdminRoutes,
  archiveAdminRoutes,
  judgingAdminRoutes,
  redactionsAdminRoutes,
  roundsAdminRoutes,
  jurorsAdminRoutes,
  awardsAdminRoutes,
  ballotsAdminRoutes,
  resultsAdminRoutes,
];
