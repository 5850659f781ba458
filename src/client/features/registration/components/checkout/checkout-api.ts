import { publicApiPaths } from '../../../../../shared/api-paths.ts';
import type {
  CheckoutOrder,
  CheckoutResult,
  ConfirmedCheckout,
} from '../../../../../shared/schemas/payment.ts';
import { apiFetch } from '../../../../lib/api-client.ts';

/* The checkout's calls. Only the entry token identifies the entry. */

export type { CheckoutResult };

export const startCheckout = (entryToken: string) =>
  apiFetch<CheckoutOrder>(publicApiPaths.paymentOrders, {
    method: 'POST',
    body: JSON.stringify({ entryToken }),
  });

export const confirmPayment = (entryToken: string, result: CheckoutResult) =>
  apiFetch<ConfirmedCheckout>(publicApiPaths.paymentVerify, {
    method: 'POST',
    body: JSON.stringify({ entryToken, ...result }),
  });

/** The test checkout's Pay or Fail (only on a site without Razorpay keys). */
export const testCheckoutOutcome = (orderId: string, outcome: 'pay' | 'fail') =>
  apiFetch<CheckoutResult>(publicApiPaths.testCheckout(orderId), {
    method: 'POST',
    body: JSON.stringify({ outcome }),
  });
