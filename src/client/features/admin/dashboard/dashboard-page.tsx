import { Link } from 'react-router';
import type { Dashboard } from '../../../../shared/schemas/admin.ts';
import { paths } from '../../../config/paths.ts';
import { formatRupees } from '../../../../shared/domain/money.ts';
import { formatCalendarDate } from '../../../lib/format.ts';
import type { PaymentState } from '../../../../shared/domain/entry-state.ts';
import { formatInstant, formatInstantDate } from '../common/format-instant.ts';
import { PaymentStateBadge } from '../submissions/components/payment-state-badge.tsx';
import { duplicatesViewOf } from '../submissions/components/review-links.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, FOCUS_RING, MUTED_TEXT, Section } from '../common/shell/admin-page.tsx';
import { useAdminQuery } from '../common/admin-query.tsx';
import { dashboardQuery } from './api/dashboard.ts';
import { EmailAddress } from '../../../components/email-address.tsx';
import { MoneySection } from './money-section.tsx';

/** '+25%', '-10%', '0%'; 'No data' when last month had no submissions to compare with. */
export function formatGrowth(percent: number | null): string {
  if (percent === null) return 'No data';
  const rounded = Math.round(percent);
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/** Seed §2 "Dashboard", with real numbers in place of the seed's placeholders. */
export default function DashboardPage() {
  const dashboard = useAdminQuery(dashboardQuery);
  return (
    <AdminPage title="Dashboard">
      <ResourceView resource={dashboard}>
        {(data) => (
          <div className="flex flex-col gap-8">
            <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {(
                [
                  ['Total Competitions', data.totalCompetitions],
                  ['Total Categories', data.totalCategories],
                  ['Active Competitions', data.activeCompetitions],
                  ['Participants', data.participants],
                  ['Pending Reviews', data.pendingReviews],
                  ['Monthly Growth', formatGrowth(data.monthlyGrowthPercent)],
                  ['Revenue', formatRupees(data.revenue)],
                ] as const
              ).map(([label, value]) => (
                <div
                  key={label}
                  className="rounded-2xl border border-gray-200 bg-white p-5 dark:border-gray-800 dark:bg-gray-900"
                >
                  <dt className={`text-sm font-medium ${MUTED_TEXT}`}>{label}</dt>
                  <dd className="mt-1 text-3xl font-bold">{value}</dd>
                </div>
              ))}
            </dl>
            {data.paidTwice.length > 0 ? (
              <Section title="Paid twice: refund one payment" className="bg-white dark:bg-gray-900">
                <p className="mb-3">
                  These entries have two received payments. Open each one and refund the extra
                  payment.
                </p>
                <EntryList items={data.paidTwice} />
              </Section>
            ) : null}
            {data.likelyDuplicates.total > 0 ? (
              <LikelyDuplicates duplicates={data.likelyDuplicates} />
            ) : null}
            <Section title="Recent Submissions" className="bg-white dark:bg-gray-900">
              {data.recentSubmissions.length === 0 ? (
                <p className={MUTED_TEXT}>No submissions yet.</p>
              ) : (
                <EntryList items={data.recentSubmissions} />
              )}
            </Section>
            <div className="grid gap-6 lg:grid-cols-2">
              <CompetitionList
                title="Recent Competitions"
                empty="No competitions yet."
                items={data.recentCompetitions.map((c) => ({
                  ...c,
                  when: `Created ${formatInstantDate(c.createdAt)}`,
                }))}
              />
              <CompetitionList
                title="Upcoming Competitions"
                empty="No upcoming competitions."
                items={data.upcomingCompetitions.map((c) => ({
                  ...c,
                  when: `Starts ${formatCalendarDate(c.startDate)}`,
                }))}
              />
            </div>
            <MoneySection />
          </div>
        )}
      </ResourceView>
    </AdminPage>
  );
}

/** Entries, each a link to its page, with its payment state when known. */
function EntryList({
  items,
}: {
  items: (Dashboard['paidTwice'][number] & { paymentState?: PaymentState; createdAt?: string })[];
}) {
  return (
    <ul className="flex flex-col divide-y divide-gray-200 dark:divide-gray-800">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div>
            <Link
              to={paths.adminSubmission(item.id)}
              className={`rounded font-semibold text-[var(--color-primary-text)] underline-offset-4 hover:underline ${FOCUS_RING}`}
            >
              {item.reference}
            </Link>{' '}
            <span>{item.fullName}</span>
            <p className={`text-sm ${MUTED_TEXT}`}>
              {item.competitionTitle}
              {item.createdAt ? ` · ${formatInstant(item.createdAt)}` : ''}
            </p>
          </div>
          {item.paymentState ? <PaymentStateBadge state={item.paymentState} /> : null}
        </li>
      ))}
    </ul>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Likely duplicates: one e-mail entered twice in a competition, one of the entries unpaid (often a
 * second try at paying); each group links to the review showing it, where the stray one is deleted.
 */
function LikelyDuplicates({ duplicates }: { duplicates: Dashboard['likelyDuplicates'] }) {
  const { total, groups } = duplicates;
  return (
    <Section title="Possible duplicate entries" className="bg-white dark:bg-gray-900">
      <p className="mb-3">
        {total === 1
          ? '1 e-mail address has more than one entry in a competition, at least one unpaid.'
          : `${total} e-mail addresses have more than one entry in a competition, at least one unpaid.`}{' '}
        Open each one, keep the right entry and delete the others.
      </p>
      <ul className="flex flex-col divide-y divide-gray-200 dark:divide-gray-800">
        {groups.map((group) => (
          <li key={`${group.competitionId} ${group.email}`} className="py-3">
            <Link
              to={duplicatesViewOf(group.competitionId, group.email)}
              className={`rounded font-semibold text-[var(--color-primary-text)] underline-offset-4 hover:underline ${FOCUS_RING}`}
            >
              <EmailAddress address={group.email} />
            </Link>
            <p className={`text-sm ${MUTED_TEXT}`}>
              {group.competitionTitle} · {count(group.entries, 'entry', 'entries')}, {group.unpaid}{' '}
              unpaid
            </p>
          </li>
        ))}
      </ul>
      {total > groups.length ? (
        <Link
          to={`${paths.adminSubmissions}?duplicates=only`}
          className={`mt-3 inline-block rounded font-medium text-[var(--color-primary-text)] underline underline-offset-4 ${FOCUS_RING}`}
        >
          See all {total} in the submissions
        </Link>
      ) : null}
    </Section>
  );
}

function CompetitionList({
  title,
  empty,
  items,
}: {
  title: string;
  empty: string;
  items: { id: string; title: string; when: string }[];
}) {
  return (
    <Section title={title} className="bg-white dark:bg-gray-900">
      {items.length === 0 ? (
        <p className={MUTED_TEXT}>{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-200 dark:divide-gray-800">
          {items.map((item) => (
            <li key={item.id} className="py-3">
              <Link
                to={paths.competition(item.id)}
                className={`rounded font-semibold text-[var(--color-primary-text)] underline-offset-4 hover:underline ${FOCUS_RING}`}
              >
                {item.title}
              </Link>
              <p className={`text-sm ${MUTED_TEXT}`}>{item.when}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
