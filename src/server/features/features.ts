import { artistsFeature } from './artists/artists.feature.ts';
import { auditFeature } from './audit/audit.feature.ts';
import { authFeature } from './auth/auth.feature.ts';
import { bannersFeature } from './banners/banners.feature.ts';
import { categoriesFeature } from './categories/categories.feature.ts';
import { codesFeature } from './codes/codes.feature.ts';
import { competitionsFeature } from './competitions/competitions.feature.ts';
import { dashboardFeature } from './dashboard/dashboard.feature.ts';
import { exhibitionsFeature } from './exhibitions/exhibitions.feature.ts';
import type { Feature } from './feature.ts';
import { healthFeature } from './health/health.feature.ts';
import { juryFeature } from './jury/jury.feature.ts';
import { mailFeature } from './mail/mail.feature.ts';
import { mediaFeature } from './media/media.feature.ts';
import { pagesFeature } from './pages/pages.feature.ts';
import { paymentsFeature } from './payments/payments.feature.ts';
import { personalDataFeature } from './personal-data/personal-data.feature.ts';
import { rateLimitsFeature } from './rate-limits/rate-limits.feature.ts';
import { receiptsFeature } from './receipts/receipts.feature.ts';
import { remindersFeature } from './reminders/reminders.feature.ts';
import { resultsFeature } from './results/results.feature.ts';
import { reviewFeature } from './review/review.feature.ts';
import { settingsFeature } from './settings/settings.feature.ts';
import { submissionsFeature } from './submissions/submissions.feature.ts';
import { votesFeature } from './votes/votes.feature.ts';

/**
 * Every server feature, in the order its routes are registered in each scope and its workers
 * started. Order matters to Fastify only where two addresses collide, and none do: it keeps each
 * scope's order as it was, except that the jury scope's two-factor routes come before scoring.
 * The demo has no description: initializeSite seeds it through the other features.
 */
export const FEATURES: readonly Feature[] = [
  healthFeature,
  dashboardFeature,
  settingsFeature,
  authFeature,
  artistsFeature,
  auditFeature,
  mailFeature,
  competitionsFeature,
  categoriesFeature,
  bannersFeature,
  mediaFeature,
  pagesFeature,
  paymentsFeature,
  receiptsFeature,
  reviewFeature,
  submissionsFeature,
  codesFeature,
  juryFeature,
  resultsFeature,
  rateLimitsFeature,
  personalDataFeature,
  remindersFeature,
  exhibitionsFeature,
  votesFeature,
];
