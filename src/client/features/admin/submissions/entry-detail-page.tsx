import { useRef } from 'react';
import { Link, useParams } from 'react-router';
import { SUBMISSION_STATUS_LABELS } from '../../../../shared/domain/entry-state.ts';
import { formatRupees } from '../../../../shared/domain/money.ts';
import type { AdminEntry, AdminPayment } from '../../../../shared/schemas/admin-entry.ts';
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
import { useAdminResource } from '../common/use-admin-resource.ts';
import { PaymentStateBadge } from './payment-state-badge.tsx';

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
 * and every payment attempt, with a full refund of a received payment.
 */
export default function EntryDetailPage() {
  const { id = '' } = useParams();
  const path = `/api/admin/submissions/${encodeURIComponent(id)}`;
  const entry = useAdminResource<AdminEntry>(path);
  const title = entry.data ? `Entry ${entry.data.entry.reference}` : 'Entry';
  return (
    <AdminPage title={title}>
      <Link
        to={paths.adminDashboard}
        className={`self-start rounded font-medium text-[var(--color-primary-text)] underline underline-offset-4 ${FOCUS_RING}`}
      >
        Back to the dashboard
      </Link>
      <ResourceView resource={entry}>
        {(data) => <EntryDetail data={data} onChange={entry.reload} />}
      </ResourceView>
    </AdminPage>
  );
}

function EntryDetail({ data, onChange }: { data: AdminEntry; onChange: () => void }) {
  const adminFetch = useAdminFetch();
  const { showToast } = useToast();
  const summary = useRef<HTMLDListElement>(null);
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
