import { describe, expect, it } from 'vitest';
import { factOfEvent } from './razorpay-webhook-event.ts';

const entity = {
  id: 'pay_1',
  order_id: 'order_1',
  amount: 150000,
  currency: 'INR',
  status: 'captured',
  error_description: null,
};

describe("Razorpay's webhook events", () => {
  it('reads a captured payment', () => {
    expect(
      factOfEvent({ event: 'payment.captured', payload: { payment: { entity } } }, 'ev_1'),
    ).toEqual({
      orderId: 'order_1',
      paymentId: 'pay_1',
      amountPaise: 150000,
      currency: 'INR',
      status: 'captured',
      errorDescription: undefined,
      refundId: undefined,
      eventId: 'ev_1',
    });
  });

  it('reads a processed refund as refunded, with its id, whatever the payment says', () => {
    const event = {
      event: 'refund.processed',
      payload: {
        payment: { entity: { ...entity, status: 42 } },
        refund: { entity: { id: 'rfnd_1' } },
      },
    };
    expect(factOfEvent(event, 'ev_2')).toMatchObject({ status: 'refunded', refundId: 'rfnd_1' });
  });

  it('ignores an event it does not handle, a payment of a state it does not know, and a bad shape', () => {
    const payload = { payment: { entity } };
    expect(factOfEvent({ event: 'payment.dispute.created', payload }, 'e')).toBeUndefined();
    const unknown = { payment: { entity: { ...entity, status: 'pending' } } };
    expect(factOfEvent({ event: 'payment.captured', payload: unknown }, 'e')).toBeUndefined();
    for (const bad of [
      null,
      'payment.captured',
      [],
      { event: 'payment.captured' },
      { event: 'payment.captured', payload: null },
      {
        event: 'payment.captured',
        payload: { payment: { entity: { ...entity, order_id: null } } },
      },
      {
        event: 'payment.captured',
        payload: { payment: { entity: { ...entity, amount: '1500' } } },
      },
    ]) {
      expect(factOfEvent(bad, 'e')).toBeUndefined();
    }
  });
});
