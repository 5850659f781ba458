import { z } from 'zod';
import type { PaymentFact } from './ledger.ts';
import { paymentFromEntity } from './razorpay-client.ts';

/*
 * Razorpay's webhook events, as far as this site reads them. An event that does not fit is not
 * refused: Razorpay may send others a merchant subscribed to, and fields this site does not use
 * may change; such an event is answered and ignored.
 */

/** The events handled. order.paid carries the captured payment; refund.processed the refund too. */
const HANDLED_EVENTS = [
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'order.paid',
  'refund.processed',
] as const;

const PaymentEntitySchema = z.object({
  id: z.string(),
  order_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  // A state or a description of an unexpected shape is read as none.
  status: z.string().catch(''),
  error_description: z.string().nullish().catch(undefined),
});

export const RazorpayEventSchema = z.object({
  event: z.enum(HANDLED_EVENTS),
  payload: z.object({
    payment: z.object({ entity: PaymentEntitySchema }),
    refund: z
      .object({ entity: z.object({ id: z.string().optional().catch(undefined) }) })
      .optional()
      .catch(undefined),
  }),
});

/** What an event says about a payment attempt, or undefined when it says nothing this site uses. */
export function factOfEvent(event: unknown, eventId: string): PaymentFact | undefined {
  const parsed = RazorpayEventSchema.safeParse(event);
  if (!parsed.success) return undefined;
  const { event: name, payload } = parsed.data;
  const payment = paymentFromEntity(payload.payment.entity);
  const status = name === 'refund.processed' ? 'refunded' : payment.status;
  if (!status) return undefined;
  return {
    orderId: payment.orderId,
    paymentId: payment.id,
    amountPaise: payment.amountPaise,
    currency: payment.currency,
    status,
    errorDescription: payment.errorDescription,
    refundId: payload.refund?.entity.id,
    eventId,
  };
}
