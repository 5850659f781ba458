import { setTimeout as sleep } from 'node:timers/promises';
import { paymentStatusOf } from './payment-state.ts';
import {
  type NewOrder,
  type ProviderPayment,
  ProviderError,
  type RazorpayProvider,
} from './payment-provider.ts';
import { checkoutSignature, signatureMatches } from './razorpay-signatures.ts';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  /** https://api.razorpay.com, or a local fake in tests. */
  apiUrl: string;
  /** Per request; Razorpay asks merchants to give up after 10 s. */
  timeoutMs?: number;
}

export interface RazorpayPaymentEntity {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: string;
  error_description?: string | null;
}

/** Reads a payment entity, as Razorpay's REST answers and webhooks both carry it. */
export function paymentFromEntity(entity: RazorpayPaymentEntity): ProviderPayment {
  return {
    id: entity.id,
    orderId: entity.order_id ?? '',
    amountPaise: entity.amount,
    currency: entity.currency,
    status: paymentStatusOf(entity.status),
    errorDescription: entity.error_description ?? undefined,
  };
}

/** Attempts for a request that is safe to repeat: reads, and writes Razorpay makes idempotent. */
const SAFE_ATTEMPTS = 3;

/**
 * Razorpay's REST API (orders, payments, refunds) over fetch with basic auth. Every call gives
 * up after the time limit; only reads and idempotent refunds are tried again, after a network
 * failure, a timeout or a 5xx/429: creating an order or capturing twice is not safe to repeat
 * blindly (a second order is harmless but wasteful; a capture repeated is refused anyway).
 */
export function createRazorpayProvider(options: RazorpayOptions): RazorpayProvider {
  const base = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    { retry, headers = {} }: { retry: boolean; headers?: Record<string, string> },
  ): Promise<T> {
    const attempts = retry ? SAFE_ATTEMPTS : 1;
    let lastError: ProviderError | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(200 * 2 ** (attempt - 2));
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: {
            authorization,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        lastError = new ProviderError(
          timedOut
            ? `Razorpay did not answer within ${timeoutMs / 1000} s`
            : 'Razorpay could not be reached',
        );
        continue;
      }
      const text = await response.text();
      if (response.ok) {
        try {
          return JSON.parse(text) as T;
        } catch {
          throw new ProviderError(
            'Razorpay answered with something other than JSON',
            response.status,
          );
        }
      }
      lastError = new ProviderError(
        `Razorpay answered ${response.status}: ${describeError(text)}`,
        response.status,
      );
      if (response.status < 500 && response.status !== 429) break;
    }
    throw lastError as ProviderError;
  }

  return {
    kind: 'razorpay',
    keyId: options.keyId,
    async createOrder(order: NewOrder) {
      const created = await call<{ id: string }>(
        'POST',
        '/v1/orders',
        {
          amount: order.amountPaise,
          currency: order.currency,
          receipt: order.receipt,
          notes: order.notes,
          payment_capture: true,
        },
        { retry: false },
      );
      return { orderId: created.id };
    },
    async fetchPayment(paymentId) {
      try {
        const entity = await call<RazorpayPaymentEntity>(
          'GET',
          `/v1/payments/${encodeURIComponent(paymentId)}`,
          undefined,
          { retry: true },
        );
        return paymentFromEntity(entity);
      } catch (error) {
        if (error instanceof ProviderError && (error.status === 404 || error.status === 400)) {
          return undefined;
        }
        throw error;
      }
    },
    async orderPayments(orderId) {
      const list = await call<{ items: RazorpayPaymentEntity[] }>(
        'GET',
        `/v1/orders/${encodeURIComponent(orderId)}/payments`,
        undefined,
        { retry: true },
      );
      return list.items.map(paymentFromEntity);
    },
    async capture(paymentId, amountPaise, currency) {
      const entity = await call<RazorpayPaymentEntity>(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/capture`,
        { amount: amountPaise, currency },
        { retry: false },
      );
      return paymentFromEntity(entity);
    },
    async refund(paymentId, amountPaise, idempotencyKey) {
      const refund = await call<{ id: string }>(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount: amountPaise, speed: 'normal' },
        // Razorpay keeps one refund per key, so repeating it is safe.
        { retry: true, headers: { 'X-Refund-Idempotency': idempotencyKey } },
      );
      return { refundId: refund.id };
    },
    checkoutSignatureValid(orderId, paymentId, signature) {
      return Promise.resolve(
        signatureMatches(checkoutSignature(orderId, paymentId, options.keySecret), signature),
      );
    },
  };
}

/** Razorpay's error description, kept short; never the request (it holds nothing secret anyway). */
function describeError(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { description?: unknown } };
    if (typeof parsed.error?.description === 'string')
      return parsed.error.description.slice(0, 200);
  } catch {
    // Not JSON: fall through.
  }
  return text.slice(0, 200) || 'no details';
}
