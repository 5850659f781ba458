import { formatEntryFee } from '../../../shared/domain/money.ts';
import { escapeHtml } from '../../http/escape-html.ts';

/*
 * Issue 12 item 9: the confirmation an artist receives after registering, in plain text and HTML.
 * Everything the artist typed is escaped in the HTML and shown as text, in any script.
 */

export interface ConfirmationDetails {
  siteTitle: string;
  reference: string;
  fullName: string;
  competitionTitle: string;
  entryType: 'free' | 'paid';
  entryFee: number;
  paymentStatus: 'pending' | 'paid';
  /** The entry as the artist gave it, in the form's order: 'Full name', 'Artwork Title', ... */
  fields: readonly { label: string; value: string }[];
  /** The entry page, where the artist follows the review and pays a fee still due. */
  entryLink: string;
}

export const CONFIRMATION_KIND = 'registration-confirmation';

/** Seed §2 "Next Steps": review, then the results by e-mail. */
const NEXT_STEPS = [
  'Our team will review your submission.',
  'Results will be notified to you by email.',
];

/** What the link offers: the payment first while it is due. */
function linkText(details: ConfirmationDetails): string {
  return details.entryType === 'paid' && details.paymentStatus === 'pending'
    ? 'Complete your payment and follow your entry'
    : 'Follow your entry';
}

function paymentLine(details: ConfirmationDetails): string | undefined {
  if (details.entryType === 'free') return undefined;
  const fee = formatEntryFee(details.entryFee);
  return details.paymentStatus === 'paid'
    ? `Payment Received: ${fee}.`
    : `Payment Pending: the entry fee of ${fee} has not been received yet.`;
}

export function confirmationEmail(details: ConfirmationDetails): {
  subject: string;
  text: string;
  html: string;
} {
  const subject = `Registration received: ${details.competitionTitle} (${details.reference})`;
  const payment = paymentLine(details);
  const intro = `Thank you for registering for ${details.competitionTitle}. We have received your submission and it is under review.`;
  const text = [
    `Dear ${details.fullName},`,
    '',
    intro,
    '',
    `Reference: ${details.reference}`,
    ...(payment ? [payment] : []),
    `${linkText(details)}: ${details.entryLink}`,
    '',
    'Your entry:',
    ...details.fields.map((f) => `- ${f.label}: ${f.value}`),
    '',
    'Next Steps:',
    ...NEXT_STEPS.map((step) => `- ${step}`),
    '',
    details.siteTitle,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    '<!doctype html><html><body>',
    `<p>Dear ${e(details.fullName)},</p>`,
    `<p>${e(intro)}</p>`,
    `<p><strong>Reference: ${e(details.reference)}</strong></p>`,
    payment ? `<p>${e(payment)}</p>` : '',
    `<p><a href="${e(details.entryLink)}">${e(linkText(details))}</a></p>`,
    '<h2>Your entry</h2>',
    '<table>',
    ...details.fields.map(
      (f) => `<tr><th align="left">${e(f.label)}</th><td>${e(f.value)}</td></tr>`,
    ),
    '</table>',
    '<h2>Next Steps</h2>',
    '<ul>',
    ...NEXT_STEPS.map((step) => `<li>${e(step)}</li>`),
    '</ul>',
    `<p>${e(details.siteTitle)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
