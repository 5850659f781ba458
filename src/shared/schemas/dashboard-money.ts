import { z } from 'zod';

/*
 * GET /api/admin/dashboard/money: per competition, entries per day against the closing date and
 * the money of its entries (gross, discounts, refunds, net) from the payments ledger and the
 * codes' discounts, in rupees.
 */

/** `?competition=<id>`: one competition; without it, every competition. */
export const DashboardMoneyQuerySchema = z.object({
  competition: z.uuid().optional(),
});
export type DashboardMoneyQuery = z.infer<typeof DashboardMoneyQuerySchema>;

/**
 * In rupees: gross (the fees before discounts), the codes' discounts, refunds, and net (gross
 * less discounts and refunds: what was taken and kept).
 */
export const MoneyTotalsSchema = z.object({
  gross: z.number(),
  discounts: z.number(),
  refunds: z.number(),
  net: z.number(),
});
export type MoneyTotals = z.infer<typeof MoneyTotalsSchema>;

/**
 * One day in the site's time zone. The figures are null on days after today (nothing can have
 * happened yet); `closing` marks the competition's closing date.
 */
export const MoneyDaySchema = z.object({
  date: z.iso.date(),
  closing: z.boolean(),
  /**
   * Entries made that day that stand (not withdrawn) and were received: free, or paid for (one
   * refunded since included).
   */
  entries: z.number().int().nullable(),
  /** Entries made that day that stand and still owe their fee. */
  awaitingPayment: z.number().int().nullable(),
  /**
   * The fees, before discounts, of the payments received that day (when the ledger first
   * recorded the payment) and of the entries a code waived that day.
   */
  gross: z.number().nullable(),
  /** The codes' discounts on those fees. */
  discounts: z.number().nullable(),
  /** Fees given back that day (when the ledger recorded the refund). */
  refunds: z.number().nullable(),
  net: z.number().nullable(),
});
export type MoneyDay = z.infer<typeof MoneyDaySchema>;

export const CompetitionMoneySchema = z.object({
  id: z.string(),
  title: z.string(),
  startDate: z.iso.date(),
  closingDate: z.iso.date(),
  /** From the first entry (or the start date) to the closing date, or to the last activity after it. */
  days: z.array(MoneyDaySchema),
  /** True when the days shown leave some out (a year at most is listed). */
  daysLeftOut: z.boolean(),
  /** Every day's entries and money added up, the days left out included. */
  totals: MoneyTotalsSchema.extend({
    entries: z.number().int(),
    awaitingPayment: z.number().int(),
  }),
});
export type CompetitionMoney = z.infer<typeof CompetitionMoneySchema>;

export const DashboardMoneySchema = z.object({
  /** The site's time zone, which the days are read in. */
  timeZone: z.string(),
  /** Today in that time zone. */
  today: z.iso.date(),
  /** Closing soonest-last: the newest competitions first. */
  competitions: z.array(CompetitionMoneySchema),
});
export type DashboardMoney = z.infer<typeof DashboardMoneySchema>;
