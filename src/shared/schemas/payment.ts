import * as z from 'zod/mini';

/*
 * Paying for an entry: what the browser sends and receives. zod/mini, as the
 * registration page loads it. Amounts, fees and states are never taken from the browser.
 */

/** The artist's key to their entry, as the receipt and the e-mailed link carry it. */
export const EntryTokenSchema = z.string().check(z.minLength(1), z.maxLength(200));

export const StartCheckoutSchema = z.strictObject({ entryToken: EntryTokenSchema });

export const CheckoutOrderSchema = z.object({
  provider: z.enum(['razorpay', 'test']),
  /** The public key the checkout opens with (never a secret). */
  keyId: z.string(),
  orderId: z.string(),
  /** Seed §9: the fee × 100. */
  amountPaise: z.number(),
  currency: z.literal('INR'),
  reference: z.string(),
  competitionTitle: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
});
export type CheckoutOrder = z.infer<typeof CheckoutOrderSchema>;

/** What the checkout hands the browser after a payment, sent on as it is. */
export const ConfirmCheckoutSchema = z.strictObject({
  entryToken: EntryTokenSchema,
  razorpay_payment_id: z.string().check(z.minLength(1), z.maxLength(100)),
  razorpay_signature: z.string().check(z.maxLength(200)),
  /** Sent by Razorpay's checkout; ignored: the server uses the order it stored. */
  razorpay_order_id: z.optional(z.string().check(z.maxLength(100))),
});

export const ConfirmedCheckoutSchema = z.object({ paymentStatus: z.enum(['paid', 'pending']) });
export type ConfirmedCheckout = z.infer<typeof ConfirmedCheckoutSchema>;

/** The built-in test checkout's buttons. */
export const TestCheckoutOutcomeSchema = z.strictObject({ outcome: z.enum(['pay', 'fail']) });

export const TestCheckoutOrderSchema = z.object({
  orderId: z.string(),
  amountPaise: z.number(),
  currency: z.string(),
  receipt: z.string(),
});

/** What Razorpay's checkout (or the test checkout) hands over after a payment. */
export const TestCheckoutResultSchema = z.object({
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string(),
});
export type CheckoutResult = z.infer<typeof TestCheckoutResultSchema>;
