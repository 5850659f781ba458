import { describe, expect, it } from 'vitest';
import { checkoutSignature, signatureMatches, webhookSignature } from './razorpay-signatures.ts';

describe("Razorpay's published vectors", () => {
  it('webhook: the body {"a":1,"b":2,"c":{"d":3}} with the secret 123456', () => {
    expect(webhookSignature('{"a":1,"b":2,"c":{"d":3}}', '123456')).toBe(
      '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc',
    );
  });

  it('checkout: order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l with the key secret', () => {
    expect(
      checkoutSignature('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', 'EnLs21M47BllR3X8PSFtjtbd'),
    ).toBe('0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f');
  });
});

describe('signatureMatches', () => {
  const expected = webhookSignature('{"a":1}', 'secret');

  it('accepts the signature itself', () => {
    expect(signatureMatches(expected, expected)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['not hex', 'z'.repeat(64)],
    ['upper case', expected.toUpperCase()],
    ['too short', expected.slice(0, 62)],
    ['too long', `${expected}00`],
    ['one digit changed', `${expected.slice(0, -1)}${expected.endsWith('0') ? '1' : '0'}`],
    ['not a string', 42],
    ['missing', undefined],
  ])('refuses a signature %s', (_, given) => {
    expect(signatureMatches(expected, given)).toBe(false);
  });

  it('refuses the same body re-serialised with other whitespace', () => {
    const spaced = webhookSignature('{ "a": 1 }', 'secret');
    expect(signatureMatches(expected, spaced)).toBe(false);
  });
});
