import { formatRupees } from '../../../shared/domain/money.ts';
import { escapeHtml } from '../../http/escape-html.ts';

/* Issue 13 item 7: sent once, when an entry becomes paid. */

export const PAYMENT_RECEIVED_KIND = 'payment-received';

export interface PaymentReceivedDetails {
  siteTitle: string;
  reference: string;
  fullName: string;
  competitionTitle: string;
  amountRupees: number;
}

export function paymentReceivedEmail(details: PaymentReceivedDetails): {
  subject: string;
  text: string;
  html: string;
} {
  const amount = formatRupees(details.amountRupees);
  const subject = `Payment Received: ${details.competitionTitle} (${details.reference})`;
  const intro = `We have received your entry fee of ${amount} for ${details.competitionTitle}. Your entry is now under review.`;
  const text = [
    `Dear ${details.fullName},`,
    '',
    intro,
    '',
    `Reference: ${details.reference}`,
    '',
    details.siteTitle,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    '<!doctype html><html><body>',
    `<p>Dear ${e(details.fullName)},</p>`,
    `<p>${e(intro)}</p>`,
    `<p><strong>Reference: ${e(details.reference)}</strong></p>`,
    `<p>${e(details.siteTitle)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
