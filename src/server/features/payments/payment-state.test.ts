import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../db/schema.ts';
import { advancePayment, paymentStatusOf, wasCaptured } from './payment-state.ts';

const ALL: PaymentStatus[] = ['created', 'failed', 'authorized', 'captured', 'refunded'];

describe('advancePayment', () => {
  it('takes the first fact as it is', () => {
    for (const status of ALL) expect(advancePayment(undefined, status)).toBe(status);
  });

  it('lets a failed attempt be authorized or captured later', () => {
    expect(advancePayment('failed', 'authorized')).toBe('authorized');
    expect(advancePayment('failed', 'captured')).toBe('captured');
  });

  it('never takes a captured payment back, but for a refund', () => {
    expect(advancePayment('captured', 'failed')).toBe('captured');
    expect(advancePayment('captured', 'authorized')).toBe('captured');
    expect(advancePayment('captured', 'created')).toBe('captured');
    expect(advancePayment('captured', 'refunded')).toBe('refunded');
    expect(advancePayment('refunded', 'captured')).toBe('refunded');
  });

  it('ends in the same state whatever order the same facts arrive in', () => {
    const facts: PaymentStatus[] = ['failed', 'authorized', 'captured'];
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    for (const order of orders) {
      const end = order.reduce<PaymentStatus | undefined>(
        (status, i) => advancePayment(status, facts[i] as PaymentStatus),
        undefined,
      );
      expect(end, order.join(',')).toBe('captured');
    }
  });
});

describe('wasCaptured and paymentStatusOf', () => {
  it('counts captured and refunded payments as taken money', () => {
    expect(ALL.filter(wasCaptured)).toEqual(['captured', 'refunded']);
  });

  it("reads Razorpay's states and nothing else", () => {
    for (const status of ALL) expect(paymentStatusOf(status)).toBe(status);
    expect(paymentStatusOf('toString')).toBeUndefined();
    expect(paymentStatusOf('paid')).toBeUndefined();
  });
});
