import { useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { SUBMISSION_STATUS_LABELS } from '../../../../shared/domain/entry-state.ts';
import { formatRupees } from '../../../../shared/domain/money.ts';
import type { AdminEntry, AdminPayment } from '../../../../shared/schemas/admin-entry.ts';
import type { DecisionResult, ReviewItem } from '../../../../shared/schemas/review.ts';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { ConfirmDialog } from '../common/dialogs/confirm-dialog.tsx';
import { useConfirmAction } from '../common/dialogs/use-confirm-action.ts';
import { withReason } from '../common/failure-messages.ts';
import { formatInstant } from '../common/format-instant.ts';
import { ResourceView } from '../common/resource-view.tsx';
import { useAdminFetch } from '../common/session.tsx';
import {
  AdminPage,
  FOCUS_RING,
  MUTED_TEXT,
  Notice,
  Section,
  TableHead,
} from '../common/shell/admin-page.tsx';
import { type AdminResource, useAdminResource } from '../common/use-admin-resource.ts';
import { PaymentStateBadge } from './payment-state-badge.tsx';
import {
  decidedMessage,
  downloadPath,
  reviewItemPath,
  reviewViewFrom,
  statusPath,
  UPDATE_FAILED,
} from './review-api.ts';
import { DuplicateBadge } from './review-row.tsx';

export const REFUND_FAILED = 'Failed to refund payment';
export const PAID_TWICE_NOTICE =
  'This entry was paid twice. Refund one of the received payments below.';

const PAYMENT_STATUS_WORDS: Record<AdminPayment['status'], string> = {
  created: 'Started',
  failed: 'Failed',
  authorized: 'Authorized',
  captured: 'Received',
  refunded: 'Refunded',
};

const rupeesOf = (paise: number) => formatRupees(paise / 100);

/**
 * Issue 13: one entry in the admin area: what the artist sent, its review and payment state,
 * and every payment attempt, with a full refund of a received payment. Issue 20: its photo and
 * artworks, Approve and Reject, and a Back to the review view it was opened from.
 */
export default function EntryDetailPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  // Only a view of the review: `from` is the address's, anyone can write it.
  const backTo = reviewViewFrom(search.get('from'));
  const [revision, setRevision] = useState(0);
  const path = `/api/admin/submissions/${encodeURIComponent(id)}`;
  const entry = useAdminResource<AdminEntry>(path, revision);
  const item = useAdminResource<ReviewItem>(reviewItemPath(id), revision);
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
        {(data) => (
          <EntryDetail data={data} item={item} onChange={() => setRevision((n) => n + 1)} />
        )}
      </ResourceView>
    </AdminPage>
  );
}

function EntryDetail({
  data,
  item,
  onChange,
}: {
  data: AdminEntry;
  item: AdminResource<ReviewItem>;
  onChange: () => void;
}) {
  const adminFetch = useAdminFetch();
  const { showToast } = useToast();
  const summary = useRef<HTMLDListElement>(null);
  const [deciding, setDeciding] = useState(false);

  /** The review screen's decision, with its toasts; the entry is read again either way. */
  async function decide(status: 'approved' | 'rejected') {
    setDeciding(true);
    try {
      const result = await adminFetch<DecisionResult>(statusPath(data.id), {
        method: 'PUT',
        body: JSON.stringify({ status }),
      });
      showToast(decidedMessage(result.changed.length, status), { variant: 'success' });
    } catch (error) {
      showToast(withReason(UPDATE_FAILED, error), { variant: 'error' });
    } finally {
      setDeciding(false);
      onChange();
      // The button pressed is now disabled: focus waits on the summary, which says the result.
      summary.current?.focus();
    }
  }

  const refund = useConfirmAction({
    act: (payment: AdminPayment) =>
      adminFetch<AdminEntry>(
        `/api/admin/payments/${encodeURIComponent(payment.paymentId)}/refund`,
        { method: 'POST' },
      ),
    done: (payment) => {
      showToast(`Refunded ${rupeesOf(payment.amountPaise)} to ${data.fullName}`, {
        variant: 'success',
      });
      onChange();
    },
    failure: (error) => withReason(REFUND_FAILED, error),
    // The Refund button goes with the payment it refunded: focus waits on the entry's summary.
    focusAfter: summary,
  });
  const { entry } = data;
  return (
    <div className="flex flex-col gap-8">
      {data.paidTwice ? <Notice>{PAID_TWICE_NOTICE}</Notice> : null}
      <dl ref={summary} tabIndex={-1} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {(
          [
            ['Artist', data.fullName],
            ['Competition', entry.competition.title],
            ['Status', SUBMISSION_STATUS_LABELS[entry.status]],
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
          disabled={deciding || entry.status === 'approved'}
          onClick={() => void decide('approved')}
        >
          Approve
        </Button>
        <Button
          variant="outline"
          disabled={deciding || entry.status === 'rejected'}
          onClick={() => void decide('rejected')}
        >
          Reject
        </Button>
        {item.data ? <DuplicateBadge item={item.data} /> : null}
      </div>
      <Section title="Photo and artworks">
        <ResourceView resource={item}>{(shown) => <Pictures item={shown} />}</ResourceView>
      </Section>
      <Section title="Payments">
        {data.payments.length === 0 ? (
          <p className={MUTED_TEXT}>
            {entry.paymentState === 'free' ? 'A free entry: nothing to pay.' : 'No payment yet.'}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <TableHead
                caption="Payment attempts, oldest first"
                headings={['Payment', 'Amount', 'State', 'When', 'Action']}
              />
              <tbody>
                {data.payments.map((payment) => (
                  <tr
                    key={payment.paymentId}
                    className="border-b border-gray-200 dark:border-gray-800"
                  >
                    <td className="px-3 py-2 font-mono text-sm break-all">
                      {payment.paymentId}
                      <span className={`block font-sans ${MUTED_TEXT}`}>
                        {payment.provider === 'test' ? 'Test checkout' : 'Razorpay'} ·{' '}
                        {payment.orderId}
                      </span>
                    </td>
                    <td className="px-3 py-2">{rupeesOf(payment.amountPaise)}</td>
                    <td className="px-3 py-2">
                      {PAYMENT_STATUS_WORDS[payment.status]}
                      {payment.errorDescription ? (
                        <span className={`block text-sm ${MUTED_TEXT}`}>
                          {payment.errorDescription}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">{formatInstant(payment.updatedAt)}</td>
                    <td className="px-3 py-2">
                      {payment.status === 'captured' ? (
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Refund ${rupeesOf(payment.amountPaise)} (${payment.paymentId})`}
                          onClick={() => refund.ask(payment)}
                        >
                          Refund
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <Section title="What the artist sent">
        <dl className="divide-y divide-gray-200 dark:divide-gray-800">
          {[
            { label: 'Reference', value: entry.reference },
            { label: 'Submitted', value: formatInstant(entry.submittedAt) },
            ...entry.details,
          ].map((line, index) => (
            <div key={index} className="grid gap-1 py-2 sm:grid-cols-3">
              <dt className="font-medium">{line.label}</dt>
              <dd className="break-words whitespace-pre-wrap sm:col-span-2">{line.value}</dd>
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

/** The artist's photo and the entry's images: the display copies, each with its original to save. */
function Pictures({ item }: { item: ReviewItem }) {
  const pictures = [
    { key: 'photo', label: `Photo of ${item.fullName}`, src: item.photoUrl, name: 'Photo' },
    ...item.fields
      .filter((field) => field.type === 'image')
      .map((field) => ({ key: field.id, label: field.label, src: field.value, name: field.label })),
  ];
  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      {pictures.map((picture) => (
        <li key={picture.key} className="flex flex-col items-start gap-2">
          <figure className="flex flex-col gap-2">
            <img
              src={picture.src}
              alt={picture.label}
              className="max-h-96 w-auto rounded border border-gray-200 object-contain dark:border-gray-800"
            />
            <figcaption className="font-medium">{picture.name}</figcaption>
          </figure>
          <a
            href={downloadPath(item.id, picture.key)}
            download
            className={`rounded font-medium text-[var(--color-primary-text)] underline underline-offset-4 ${FOCUS_RING}`}
          >
            Download {picture.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
