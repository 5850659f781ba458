import { useRef, useState } from 'react';
import type { CheckoutOrder } from '../../../../../shared/schemas/payment.ts';
import { useToast } from '../../../../components/toast.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSettings } from '../../../../lib/settings.tsx';
import { confirmPayment, startCheckout } from './checkout-api.ts';
import { type CheckoutOutcome, loadRazorpay, openRazorpay } from './razorpay-checkout.ts';
import { TestCheckoutDialog } from './test-checkout-dialog.tsx';

/** Seed §8's payment errors, shown as error toasts. */
export const PAYMENT_ERRORS = {
  cancelled: 'Payment cancelled',
  initFailed: 'Failed to initialize payment',
  sdkFailed: 'Failed to load Razorpay SDK',
  failed: 'Payment failed',
} as const;

/**
 * Paying for a saved entry (seed §4 "Paid registration flow", made safe): the server makes the
 * order, the checkout opens (Razorpay's, or the built-in test checkout), and the server confirms
 * the payment before anyone calls the entry paid. `pay` settles with the entry's payment state;
 * `dialog` must be rendered for the test checkout to show.
 */
export function useCheckout() {
  const settings = useSettings();
  const { showToast } = useToast();
  const [testOrder, setTestOrder] = useState<CheckoutOrder>();
  const settleTest = useRef<(outcome: CheckoutOutcome) => void>(undefined);
  const [busy, setBusy] = useState(false);
  const error = (message: string) => showToast(message, { variant: 'error' });

  async function open(order: CheckoutOrder): Promise<CheckoutOutcome | undefined> {
    if (order.provider === 'test') {
      return new Promise((resolve) => {
        settleTest.current = resolve;
        setTestOrder(order);
      });
    }
    try {
      const Razorpay = await loadRazorpay();
      return await openRazorpay(Razorpay, order, {
        siteTitle: settings.title,
        primaryColor: settings.theme.primaryColor,
      });
    } catch {
      error(PAYMENT_ERRORS.sdkFailed);
      return undefined;
    }
  }

  async function pay(entryToken: string): Promise<'paid' | 'pending'> {
    setBusy(true);
    try {
      let order: CheckoutOrder;
      try {
        order = await startCheckout(entryToken);
      } catch (failure) {
        // Paid meanwhile (another tab, a late confirmation): nothing left to do.
        if (failure instanceof ApiError && failure.code === 'ALREADY_PAID') return 'paid';
        error(PAYMENT_ERRORS.initFailed);
        return 'pending';
      }
      const outcome = await open(order);
      if (!outcome) return 'pending';
      if (outcome.kind === 'dismissed') {
        error(PAYMENT_ERRORS.cancelled);
        return 'pending';
      }
      if (outcome.kind === 'failed') {
        error(PAYMENT_ERRORS.failed);
        return 'pending';
      }
      try {
        const confirmed = await confirmPayment(entryToken, outcome.result);
        if (confirmed.paymentStatus === 'paid') return 'paid';
      } catch {
        // Refused or unreachable: the entry stays pending, and can be paid for again.
      }
      error(PAYMENT_ERRORS.failed);
      return 'pending';
    } finally {
      setBusy(false);
    }
  }

  const dialog = (
    <TestCheckoutDialog
      order={testOrder}
      onDone={(outcome) => {
        setTestOrder(undefined);
        settleTest.current?.(outcome);
        settleTest.current = undefined;
      }}
    />
  );
  return { pay, busy, dialog };
}
