import { useId, useState } from 'react';
import { formatRupees } from '../../../../../shared/domain/money.ts';
import { paiseToRupees } from '../../../../../shared/domain/paise.ts';
import type { CheckoutOrder } from '../../../../../shared/schemas/payment.ts';
import { Button } from '../../../../components/button.tsx';
import { ModalDialog } from '../../../../components/modal-dialog.tsx';
import { testCheckoutOutcome } from './checkout-api.ts';
import type { CheckoutOutcome } from './razorpay-checkout.ts';

/** The dialog's title: nobody may take it for a real payment. */
export const TEST_CHECKOUT_TITLE = 'Test payment';

/**
 * The built-in test checkout, in place of Razorpay's window on a site without Razorpay keys:
 * clearly a test, with Pay, Fail and Cancel. Pay and Fail go through the server as a real
 * payment's news would, and hand back what Razorpay's checkout hands back.
 */
export function TestCheckoutDialog({
  order,
  onDone,
}: {
  order: CheckoutOrder | undefined;
  onDone: (outcome: CheckoutOutcome) => void;
}) {
  const describedBy = useId();
  const [busy, setBusy] = useState(false);
  async function choose(outcome: 'pay' | 'fail') {
    if (!order) return;
    setBusy(true);
    try {
      const result = await testCheckoutOutcome(order.orderId, outcome);
      onDone({ kind: 'paid', result });
    } catch {
      onDone({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <ModalDialog
      open={order !== undefined}
      title={TEST_CHECKOUT_TITLE}
      describedBy={describedBy}
      onClose={() => onDone({ kind: 'dismissed' })}
    >
      {order ? (
        <>
          <div id={describedBy}>
            <p className="rounded-lg border-l-4 border-amber-600 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
              This site takes test payments only: no money is taken.
            </p>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="font-medium">Entry</dt>
              <dd>{order.competitionTitle}</dd>
              <dt className="font-medium">Reference</dt>
              <dd>{order.reference}</dd>
              <dt className="font-medium">Amount</dt>
              <dd>{formatRupees(paiseToRupees(order.amountPaise))}</dd>
            </dl>
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button
              variant="secondary"
              onClick={() => onDone({ kind: 'dismissed' })}
              disabled={busy}
            >
              Cancel
            </Button>
            <Button variant="outline" onClick={() => void choose('fail')} disabled={busy}>
              Fail
            </Button>
            <Button onClick={() => void choose('pay')} disabled={busy}>
              Pay {formatRupees(paiseToRupees(order.amountPaise))}
            </Button>
          </div>
        </>
      ) : null}
    </ModalDialog>
  );
}
