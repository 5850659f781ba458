import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { paymentFromEntity, type RazorpayPaymentEntity } from './razorpay-client.ts';
import type { PaymentFact } from './payments.service.ts';
import { signatureMatches, webhookSignature } from './razorpay-signatures.ts';

export const RAZORPAY_WEBHOOK_PATH = '/api/payments/razorpay/webhook';

/** The events handled; Razorpay may send others a merchant subscribed to, answered and ignored. */
const HANDLED = new Set([
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'order.paid',
  'refund.processed',
]);

const EVENT_ID = /^[A-Za-z0-9_-]{1,100}$/;

interface Entity {
  entity?: Record<string, unknown>;
}

/**
 * What an event says about a payment attempt, or undefined when it says nothing this site uses.
 * order.paid carries the captured payment; refund.processed the refund and its payment.
 */
export function factOfEvent(event: unknown, eventId: string): PaymentFact | undefined {
  if (typeof event !== 'object' || event === null) return undefined;
  const { event: name, payload } = event as { event?: unknown; payload?: Record<string, Entity> };
  if (typeof name !== 'string' || !HANDLED.has(name) || typeof payload !== 'object')
    return undefined;
  const entity = payload?.payment?.entity;
  if (!entity || typeof entity.id !== 'string' || typeof entity.order_id !== 'string') {
    return undefined;
  }
  if (typeof entity.amount !== 'number' || typeof entity.currency !== 'string') return undefined;
  const payment = paymentFromEntity(entity as unknown as RazorpayPaymentEntity);
  const refund = payload.refund?.entity;
  const status = name === 'refund.processed' ? 'refunded' : payment.status;
  if (!status) return undefined;
  return {
    orderId: payment.orderId,
    paymentId: payment.id,
    amountPaise: payment.amountPaise,
    currency: payment.currency,
    status,
    errorDescription: payment.errorDescription,
    refundId: typeof refund?.id === 'string' ? refund.id : undefined,
    eventId,
  };
}

/**
 * Razorpay's webhook. The signature is checked over the raw body, byte for byte, before anything
 * is parsed; the event id is stored with the change it causes. Answers: 200 for anything signed
 * (handled, repeated, unknown order or not used), 400 for a bad signature or body, and a 5xx
 * when the database fails, so Razorpay tries again.
 */
export async function registerRazorpayWebhook(
  app: FastifyInstance,
  webhookSecret: string,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      RAZORPAY_WEBHOOK_PATH,
      { schema: { summary: "Razorpay's events, signed with the webhook secret", hide: true } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-razorpay-signature'];
        if (!signatureMatches(webhookSignature(raw, webhookSecret), signature)) {
          throw new AppError(400, 'INVALID_SIGNATURE', 'The webhook signature is not valid.');
        }
        const eventId = request.headers['x-razorpay-event-id'];
        if (typeof eventId !== 'string' || !EVENT_ID.test(eventId)) {
          throw new AppError(400, 'INVALID_EVENT_ID', 'The webhook has no valid event id.');
        }
        let event: unknown;
        try {
          event = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError(400, 'INVALID_BODY', 'The webhook body is not JSON.');
        }
        const fact = factOfEvent(event, eventId);
        if (!fact) return { received: true, outcome: 'ignored' };
        const outcome = await app.deps.payments.applyFact(fact);
        return { received: true, outcome };
      },
    );
  });
}
