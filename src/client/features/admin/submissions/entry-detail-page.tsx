import { useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { SUBMISSION_STATUS_LABELS } from '../../../../shared/domain/entry-state.ts';
import type { AdminEntry } from '../../../../shared/schemas/admin-entry.ts';
import { publicationLine } from '../../../../shared/schemas/publication-consent.ts';
import type { ReviewItem } from '../../../../shared/schemas/review.ts';
import { Button } from '../../../components/button.tsx';
import { paths } from '../../../config/paths.ts';
import { type AdminResource, useAdminQuery } from '../common/admin-query.tsx';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { formatInstant } from '../common/format-instant.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { AdminPage, FOCUS_RING, MUTED_TEXT, Notice, Section } from '../common/shell/admin-page.tsx';
import { entryQuery, reviewItemQuery } from './api/entry.ts';
import { EntryPayments, rupeesOf } from './entry-payments.tsx';
import { AdminEntryReceipts } from './entry-receipts.tsx';
import { EntryPictures } from './entry-pictures.tsx';
import { EntryWorks } from './entry-works.tsx';
import { ChangedAfterReviewBadge } from './components/changed-after-review-badge.tsx';
import { PaymentStateBadge } from './components/payment-state-badge.tsx';
import { DecisionUndoNotice } from './decision-undo-notice.tsx';
import { DuplicateBadge } from './review-row.tsx';
import { reviewViewFrom } from './review-view.ts';
import { useEntryActions } from './use-entry-actions.ts';
import { textOrEmail } from '../../../components/email-address.tsx';

export const PAID_TWICE_NOTICE =
  'This entry was paid twice. Refund one of the received payments below.';

/**
 * One entry in the admin area: what the artist sent, its review and payment state, every payment
 * attempt with a full refund of a received payment, its photo and artworks, Approve and Reject,
 * and a Back to the review view it was opened from.
 */
export default function EntryDetailPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  // Only a view of the review: `from` is the address's, anyone can write it.
  const backTo = reviewViewFrom(search.get('from'));
  const entry = useAdminQuery(entryQuery(id));
  const item = useAdminQuery(reviewItemQuery(id));
  const title = entry.data ? `Entry ${entry.data.entry.reference}` : 'Entry';
  return (
    <AdminPage title={title}>
      <Link
        to={backTo ?? paths.adminDashboard}
        className={`self-start rounded font-medium text-[var(--color-primary-text)] underline underline-offset-4 ${FOCUS_RING}`}
      >
        {backTo ? 'Back to submissions' : 'Back to the dashboard'}
      </Link>
      <ResourceView resource={entry}>
        {(data) => <EntryDetail data={data} item={item} />}
      </ResourceView>
    </AdminPage>
  );
}

function EntryDetail({ data, item }: { data: AdminEntry; item: AdminResource<ReviewItem> }) {
  const summary = useRef<HTMLDListElement>(null);
  const { deciding, decide, refund, undo } = useEntryActions(data, summary);
  const { entry } = data;
  return (
    <div className="flex flex-col gap-8">
      {data.paidTwice ? <Notice>{PAID_TWICE_NOTICE}</Notice> : null}
      <dl ref={summary} tabIndex={-1} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {(
          [
            ['Artist', data.fullName],
            ['Competition', entry.competition.title],
            [
              'Status',
              <span className="flex flex-wrap items-center gap-2">
                {SUBMISSION_STATUS_LABELS[entry.status]}
                <ChangedAfterReviewBadge at={data.changedAfterReview} />
              </span>,
            ],
            ['Payment', <PaymentStateBadge state={entry.paymentState} />],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className={`text-sm font-medium ${MUTED_TEXT}`}>{label}</dt>
            <dd className="mt-1 text-lg font-semibold break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          // A withdrawn entry is not for review: the server refuses a decision on it.
          disabled={deciding || entry.status === 'approved' || entry.status === 'withdrawn'}
          onClick={() => void decide('approved')}
        >
          Approve
        </Button>
        <Button
          variant="outline"
          disabled={deciding || entry.status === 'rejected' || entry.status === 'withdrawn'}
          onClick={() => void decide('rejected')}
        >
          Reject
        </Button>
        {item.data ? <DuplicateBadge item={item.data} /> : null}
      </div>
      <DecisionUndoNotice undo={undo} />
      <Section title="Photo and artworks">
        <ResourceView resource={item}>{(shown) => <EntryPictures item={shown} />}</ResourceView>
      </Section>
      {item.data?.works && item.data.works.length > 1 ? (
        <Section title={`Works (${item.data.works.length})`}>
          <EntryWorks item={item.data} />
        </Section>
      ) : null}
      <Section title="Payments">
        <EntryPayments data={data} onRefund={refund.ask} />
      </Section>
      <Section title="Receipts">
        <AdminEntryReceipts submissionId={data.id} />
      </Section>
      <Section title="What the artist sent">
        <dl className="divide-y divide-gray-200 dark:divide-gray-800">
          {[
            { label: 'Reference', value: entry.reference },
            { label: 'Submitted', value: formatInstant(entry.submittedAt) },
            ...entry.details,
            publicationLine(entry.publicationConsent),
          ].map((line, index) => (
            <div key={index} className="grid gap-1 py-2 sm:grid-cols-3">
              <dt className="font-medium">{line.label}</dt>
              <dd className="break-words whitespace-pre-wrap sm:col-span-2">
                {textOrEmail(line.value)}
              </dd>
            </div>
          ))}
        </dl>
      </Section>
      <ConfirmDialog
        title="Refund payment"
        question={
          refund.target
            ? `Refund ${rupeesOf(refund.target.amountPaise)} to ${data.fullName} for ${entry.reference}? The money goes back to the account it was paid from, within 7-10 days. This cannot be undone.`
            : ''
        }
        confirmLabel="Refund"
        {...refund.dialog}
      />
    </div>
  );
}
