import { formatRupees } from '../../../shared/domain/money.ts';
import { type ArtistDetails, artistValues } from './artist-email.ts';

/* Issue 13 item 7: sent once, when an entry becomes paid. Its wording is a template (issue 14). */

export const PAYMENT_RECEIVED_KIND = 'payment-received';

export const PAYMENT_RECEIVED_TEMPLATE = {
  subject: 'Payment Received: {competition} ({reference})',
  body: `Dear {name},

We have received your entry fee of {amount} for {competition}. Your entry is now under review.

Reference: {reference}

View your entry: {entryLink}

{siteTitle}`,
};

/** A payment's message: the entry's values and the amount ('₹1,500'). */
export const paymentValues = (details: ArtistDetails & { amountRupees: number }) => ({
  ...artistValues(details),
  amount: formatRupees(details.amountRupees),
});
