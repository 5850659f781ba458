import type { PaymentStatus } from '../../db/schema.ts';

/*
 * What the payments feature needs from a payment provider. Two implement it: Razorpay, and the
 * built-in test checkout used when no Razorpay keys are configured.
 */

/** A payment attempt as the provider reports it. */
export interface ProviderPayment {
  id: string;
  orderId: string;
  amountPaise: number;
  currency: string;
  /** Undefined for a state this code does not know. */
  status: PaymentStatus | undefined;
  errorDescription: string | undefined;
}

export interface NewOrder {
  amountPaise: number;
  currency: 'INR';
  /** The submission's reference, so the provider's dashboard names the entry. */
  receipt: string;
  notes: Record<string, string>;
}

/** What every provider does. */
interface ProviderCalls {
  /** The public key the checkout is opened with. */
  readonly keyId: string;
  createOrder(order: NewOrder): Promise<{ orderId: string }>;
  /** Undefined when the provider has no such payment. */
  fetchPayment(paymentId: string): Promise<ProviderPayment | undefined>;
  orderPayments(orderId: string): Promise<ProviderPayment[]>;
  capture(paymentId: string, amountPaise: number, currency: string): Promise<ProviderPayment>;
  /** A full refund; the same idempotency key never refunds twice. */
  refund(
    paymentId: string,
    amountPaise: number,
    idempotencyKey: string,
  ): Promise<{ refundId: string }>;
  /** Whether the checkout's signature proves `paymentId` was made for `orderId`. */
  checkoutSignatureValid(orderId: string, paymentId: string, signature: unknown): Promise<boolean>;
}

export interface RazorpayProvider extends ProviderCalls {
  readonly kind: 'razorpay';
}

/** The built-in test checkout: a provider, plus the test checkout page's own calls. */
export interface TestProvider extends ProviderCalls {
  readonly kind: 'test';
  /** The test checkout's buttons: a captured or failed payment of the order, and what the
   * browser is handed, as Razorpay's checkout hands it. */
  pay(
    orderId: string,
    outcome: 'captured' | 'failed',
  ): Promise<{ payment: ProviderPayment; signature: string }>;
  /** The order as the test checkout page shows it, or undefined. */
  findOrder(
    orderId: string,
  ): Promise<{ amountPaise: number; currency: string; receipt: string } | undefined>;
}

/** The configured provider; `kind` is also what orders and payments record as their provider. */
export type PaymentProvider = RazorpayProvider | TestProvider;

/** The provider could not be reached, timed out or answered with a failure. */
export class ProviderError extends Error {
  /** The HTTP status the provider answered, when it answered. */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.name = 'ProviderError';
    this.status = status;
  }
}
