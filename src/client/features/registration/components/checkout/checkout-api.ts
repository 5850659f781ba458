import { publicApiPaths } from '../../../../../shared/api-paths.ts';
import type { CheckoutOrder } from '../../../../../shared/schemas/payment.ts';
import { apiFetch } from '../../../../lib/api-client.ts';

/* The checkout's calls. Only the entry token identifies the entry. */

/** What Razorpay's checkout (or the test checkout) hands over after a payment. */
export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export const startCheckout = (entryToken: string) =>
  apiFetch<CheckoutOrder>(publicApiPaths.paymentOrders, {
    method: 'POST',
    body: JSON.stringify({ entryToken }),
  });

export const confirmPayment = (entryToken: string, result: CheckoutResult) =>
  apiFetch<{ paymentStatus: 'paid' | 'pending' }>(publicApiPaths.paymentVerify, {
    method: 'POST',
    body: JSON.stringify({ entryToken, ...result }),
  });

/** The test checkout's Pay or Fail (only on a site without Razorpay keys). */
export const testCheckoutOutcome = (orderId: string, outcome: 'pay' | 'fail') =>
  apiFetch<CheckoutResult>(publicApiPaths.testCheckout(orderId), {
    method: 'POST',
    body: JSON.stringify({ outcome }),
  });
