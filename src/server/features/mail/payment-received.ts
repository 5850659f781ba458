import { formatRupees } from '../../../shared/domain/money.ts';
import { artistEmail, ENTRY_LINK_TEXT } from './artist-email.ts';

/* Issue 13 item 7: sent once, when an entry becomes paid. */

export const PAYMENT_RECEIVED_KIND = 'payment-received';

export interface PaymentReceivedDetails {
  siteTitle: string;
  reference: string;
  fullName: string;
  competitionTitle: string;
  amountRupees: number;
  entryLink: string;
}

export function paymentReceivedEmail(details: PaymentReceivedDetails) {
  return artistEmail({
    subject: `Payment Received: ${details.competitionTitle} (${details.reference})`,
    fullName: details.fullName,
    paragraphs: [
      `We have received your entry fee of ${formatRupees(details.amountRupees)} for ${details.competitionTitle}. Your entry is now under review.`,
    ],
    reference: details.reference,
    link: { text: ENTRY_LINK_TEXT, url: details.entryLink },
    siteTitle: details.siteTitle,
  });
}
