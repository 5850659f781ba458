import { useId } from 'react';
import { formatCalendarDate } from '../../../../shared/domain/calendar-date.ts';
import type { CompetitionMoney } from '../../../../shared/schemas/dashboard-money.ts';
import { buttonClassName } from '../../../components/button.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { ResourceView } from '../common/resource-view.tsx';
import { MUTED_TEXT, Section } from '../common/shell/admin-page.tsx';
import { DASHBOARD_MONEY_CSV, dashboardMoneyQuery } from './api/money.ts';
import { EntriesChart } from './entries-chart.tsx';
import { MoneyChart } from './money-chart.tsx';

/**
 * The owner sees the money: per competition, entries per day and gross (before discounts),
 * discounts, refunds and net.
 */
export function MoneySection() {
  const money = useAdminQuery(dashboardMoneyQuery);
  return (
    <Section title="Entries and money" className="bg-white dark:bg-gray-900">
      <ResourceView resource={money}>
        {(data) => (
          <div className="flex flex-col gap-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className={MUTED_TEXT}>
                Days in {data.timeZone}. Money in rupees: gross is the fees before discounts, net
                what the payments took less refunds.
              </p>
              <a
                href={DASHBOARD_MONEY_CSV}
                download
                className={buttonClassName({ variant: 'outline', size: 'sm' })}
              >
                Download CSV
              </a>
            </div>
            {data.competitions.length === 0 ? (
              <p className={MUTED_TEXT}>No competitions yet.</p>
            ) : (
              data.competitions.map((competition) => (
                <CompetitionFigures key={competition.id} competition={competition} />
              ))
            )}
          </div>
        )}
      </ResourceView>
    </Section>
  );
}

function CompetitionFigures({ competition }: { competition: CompetitionMoney }) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 border-t border-gray-200 pt-4 dark:border-gray-800"
    >
      <div>
        <h3 id={headingId} className="text-lg font-semibold">
          {competition.title}
        </h3>
        <p className={`text-sm ${MUTED_TEXT}`}>
          Closing date: {formatCalendarDate(competition.closingDate)}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <EntriesChart competition={competition} />
        <MoneyChart totals={competition.totals} title={competition.title} />
      </div>
    </article>
  );
}
