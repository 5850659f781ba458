import { z } from 'zod';
import { PAYMENT_STATES } from '../domain/entry-state.ts';

const EntrySummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  fullName: z.string(),
  competitionTitle: z.string(),
});

/** GET /api/admin/dashboard: the seed's dashboard with real numbers (PRODUCT.md point 8). */
export const DashboardSchema = z.object({
  totalCompetitions: z.number(),
  totalCategories: z.number(),
  /** Competitions whose end date is today or later, in the site time zone. */
  activeCompetitions: z.number(),
  participants: z.number(),
  pendingReviews: z.number(),
  /** Submissions this calendar month against last, as a percentage; null when last month had none. */
  monthlyGrowthPercent: z.number().nullable(),
  /** Rupees from paid entries, less the refunded ones. */
  revenue: z.number(),
  recentCompetitions: z.array(
    z.object({ id: z.string(), title: z.string(), createdAt: z.string() }),
  ),
  upcomingCompetitions: z.array(
    z.object({ id: z.string(), title: z.string(), startDate: z.string() }),
  ),
  /** The newest entries with their payment state (seed §4). */
  recentSubmissions: z.array(
    EntrySummarySchema.extend({ createdAt: z.string(), paymentState: z.enum(PAYMENT_STATES) }),
  ),
  /** Entries with two payments received: one is to be refunded. */
  paidTwice: z.array(EntrySummarySchema),
  /**
   * Likely duplicate entries: groups of the same e-mail (trimmed, any case) in
   * one competition, one of them unpaid; `total` groups, the largest listed first.
   */
  likelyDuplicates: z.object({
    total: z.number(),
    groups: z.array(
      z.object({
        competitionId: z.string(),
        competitionTitle: z.string(),
        /** Trimmed and lower-cased, as they were compared. */
        email: z.string(),
        entries: z.number(),
        unpaid: z.number(),
      }),
    ),
  }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** GET /api/admin/audit-log?page=N: newest first. */
export const AuditLogPageSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  entries: z.array(
    z.object({
      id: z.string(),
      actor: z.string(),
      action: z.string(),
      entityType: z.string().nullable(),
      entityId: z.string().nullable(),
      details: z.unknown(),
      createdAt: z.string(),
    }),
  ),
});
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;
