import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Razorpay's two signatures, both HMAC-SHA256 in lowercase hex:
 * - the checkout's: over `order_id|payment_id` with the key secret, sent by the browser after a
 *   payment (the order id is the one the server stored, never one the browser names);
 * - the webhook's: over the raw request body, byte for byte, with the webhook secret.
 */

const HEX_SHA256 = /^[0-9a-f]{64}$/;

function hmacHex(secret: string, message: string | Buffer): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

export function webhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return hmacHex(webhookSecret, rawBody);
}

/**
 * Whether `given` is the expected signature, compared in constant time. Anything but 64 hex
 * digits (empty, upper case, another length) is refused before comparing.
 */
export function signatureMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !HEX_SHA256.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}
