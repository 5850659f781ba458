import { formatRupees } from '../../../../shared/domain/money.ts';
import type { AdminEntry, AdminPayment } from '../../../../shared/schemas/admin-entry.ts';
import { Button } from '../../../components/button.tsx';
import { formatInstant } from '../common/format-instant.ts';
import { MUTED_TEXT, TableHead } from '../common/shell/admin-page.tsx';

const PAYMENT_STATUS_WORDS: Record<AdminPayment['status'], string> = {
  created: 'Started',
  failed: 'Failed',
  authorized: 'Authorized',
  captured: 'Received',
  refunded: 'Refunded',
};

export const rupeesOf = (paise: number) => formatRupees(paise / 100);

/** Every payment attempt of an entry, oldest first; a received one can be refunded. */
export function EntryPayments({
  data,
  onRefund,
}: {
  data: AdminEntry;
  onRefund: (payment: AdminPayment) => void;
}) {
  if (data.payments.length === 0) {
    return (
      <p className={MUTED_TEXT}>
        {data.entry.paymentState === 'free' ? 'A free entry: nothing to pay.' : 'No payment yet.'}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left">
        <TableHead
          caption="Payment attempts, oldest first"
          headings={['Payment', 'Amount', 'State', 'When', 'Action']}
        />
        <tbody>
          {data.payments.map((payment) => (
            <tr key={payment.paymentId} className="border-b border-gray-200 dark:border-gray-800">
              <td className="px-3 py-2 font-mono text-sm break-all">
                {payment.paymentId}
                <span className={`block font-sans ${MUTED_TEXT}`}>
                  {payment.provider === 'test' ? 'Test checkout' : 'Razorpay'} · {payment.orderId}
                </span>
              </td>
              <td className="px-3 py-2">{rupeesOf(payment.amountPaise)}</td>
              <td className="px-3 py-2">
                {PAYMENT_STATUS_WORDS[payment.status]}
                {payment.errorDescription ? (
                  <span className={`block text-sm ${MUTED_TEXT}`}>{payment.errorDescription}</span>
                ) : null}
              </td>
              <td className="px-3 py-2">{formatInstant(payment.updatedAt)}</td>
              <td className="px-3 py-2">
                {payment.status === 'captured' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Refund ${rupeesOf(payment.amountPaise)} (${payment.paymentId})`}
                    onClick={() => onRefund(payment)}
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
  );
}
