import { type ArtistDetails, artistEmail } from './artist-email.ts';
import { paymentValues } from './payment-received.ts';

/* Issue 13 item 6: sent when a payment of the entry is refunded, from the admin area or Razorpay. */

export const PAYMENT_REFUNDED_KIND = 'payment-refunded';

/** The site's refund terms (seed §7, "Razorpay Policy"). */
export const REFUND_TIMING = 'The refund is processed within 7-10 days.';

const TEMPLATE = {
  subject: 'Refund: {competition} ({reference})',
  body: `Dear {name},

We have refunded your payment of {amount} for {competition} to the account you paid from.

${REFUND_TIMING}

Reference: {reference}

View your entry: {entryLink}

{siteTitle}`,
};

export function paymentRefundedEmail(details: ArtistDetails & { amountRupees: number }) {
  return artistEmail(TEMPLATE, paymentValues(details));
}
