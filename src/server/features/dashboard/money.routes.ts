import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DashboardMoneyQuerySchema,
  DashboardMoneySchema,
} from '../../../shared/schemas/dashboard-money.ts';
import type { FeaturePlugin } from '../../deps.ts';
import { attachmentHeader } from '../review/review.service.ts';
import { moneyCsv } from './money-csv.ts';
import { loadDashboardMoney } from './money-report.ts';

/** Admin scope (/api/admin): entries per day and the money, per competition, as JSON and CSV. */
export const moneyAdminRoutes: FeaturePlugin = async (app, { deps }) => {
  const load = async (competitionId: string | undefined) => {
    const { timeZone } = await deps.settings.getSettings();
    return loadDashboardMoney(deps.db, timeZone, deps.clock.now(), competitionId);
  };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/dashboard/money',
    {
      schema: {
        summary: 'Per competition: entries per day against the closing date; gross, refunds, net',
        description:
          "Days in the site's time zone; figures null on days after today. Money in rupees from the payments ledger: gross is every payment taken, refunds what was given back, net the difference.",
        querystring: DashboardMoneyQuerySchema,
        response: { 200: DashboardMoneySchema },
      },
    },
    async (request, reply) => {
      const money = await load(request.query.competition);
      return reply.header('cache-control', 'no-store').send(money);
    },
  );

  typed.get(
    '/dashboard/money.csv',
    {
      schema: {
        summary: 'The same as CSV: a row per competition per day',
        description:
          'RFC 4180, UTF-8 with a byte-order mark; cells that a spreadsheet would run as a formula are neutralised.',
        querystring: DashboardMoneyQuerySchema,
      },
    },
    async (request, reply) => {
      const money = await load(request.query.competition);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', attachmentHeader(`entries-and-money-${money.today}.csv`))
        .type('text/csv; charset=utf-8')
        .send(moneyCsv(money));
    },
  );
};
