import type { CheckoutOrder } from '../../../../../shared/schemas/payment.ts';
import type { CheckoutResult } from './checkout-api.ts';

/*
 * Razorpay's hosted checkout (seed §7 "Card payment"): its script is loaded only when an artist
 * pays, and opened with the order the server made, the public key, the artist's details
 * prefilled and the site's primary colour. The outcome arrives through its handler.
 */

export const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: unknown) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | undefined;

/** Loads the script once; a failed load may be tried again. */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay is missing'));
    script.onerror = () => {
      script.remove();
      reject(new Error('The Razorpay script did not load'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export type CheckoutOutcome =
  { kind: 'paid'; result: CheckoutResult } | { kind: 'dismissed' } | { kind: 'failed' };

/** Opens Razorpay's checkout and settles with what the artist did. */
export function openRazorpay(
  Razorpay: RazorpayConstructor,
  order: CheckoutOrder,
  look: { siteTitle: string; primaryColor: string },
): Promise<CheckoutOutcome> {
  return new Promise((resolve) => {
    let failed = false;
    const checkout = new Razorpay({
      key: order.keyId,
      order_id: order.orderId,
      amount: order.amountPaise,
      currency: order.currency,
      name: look.siteTitle,
      description: `${order.competitionTitle} (${order.reference})`,
      prefill: order.prefill,
      theme: { color: look.primaryColor },
      handler: (result: CheckoutResult) => resolve({ kind: 'paid', result }),
      modal: {
        // Razorpay lets the artist retry inside its window after a failure; closing it after one
        // is a failure, closing it untouched a cancellation.
        ondismiss: () => resolve(failed ? { kind: 'failed' } : { kind: 'dismissed' }),
      },
    });
    checkout.on('payment.failed', () => {
      failed = true;
    });
    checkout.open();
  });
}
