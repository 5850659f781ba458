import { formatRupees } from '../../../shared/domain/money.ts';
import { artistEmail, ENTRY_LINK_TEXT } from './artist-email.ts';

/* Issue 13 item 6: sent when a payment of the entry is refunded, from the admin area or Razorpay. */

export const PAYMENT_REFUNDED_KIND = 'payment-refunded';

/** The site's refund terms (seed §7, "Razorpay Policy"). */
export const REFUND_TIMING = 'The refund is processed within 7-10 days.';

export interface PaymentRefundedDetails {
  siteTitle: string;
  reference: string;
  fullName: string;
  competitionTitle: string;
  amountRupees: number;
  entryLink: string;
}

export function paymentRefundedEmail(details: PaymentRefundedDetails) {
  return artistEmail({
    subject: `Refund: ${details.competitionTitle} (${details.reference})`,
    fullName: details.fullName,
    paragraphs: [
      `We have refunded your payment of ${formatRupees(details.amountRupees)} for ${details.competitionTitle} to the account you paid from.`,
      REFUND_TIMING,
    ],
    reference: details.reference,
    link: { text: ENTRY_LINK_TEXT, url: details.entryLink },
    siteTitle: details.siteTitle,
  });
}
