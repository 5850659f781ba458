import { formatEntryFee } from '../../../shared/domain/money.ts';
import { type ArtistDetails, artistValues } from './artist-email.ts';
import type { TemplateValues } from './template-render.ts';

/*
 * Issue 12 item 9: the confirmation an artist receives after registering, in plain text and HTML;
 * its wording is a template (issue 14). Everything the artist typed is escaped in the HTML and
 * shown as text, in any script.
 */

export interface ConfirmationDetails extends ArtistDetails {
  entryType: 'free' | 'paid';
  entryFee: number;
  paymentStatus: 'pending' | 'paid';
  /** The entry as the artist gave it, in the form's order: 'Full name', 'Artwork Title', ... */
  fields: readonly { label: string; value: string }[];
}

export const CONFIRMATION_KIND = 'registration-confirmation';

/** Seed §2 "Next Steps": review, then the results by e-mail. */
export const CONFIRMATION_TEMPLATE = {
  subject: 'Registration received: {competition} ({reference})',
  body: `Dear {name},

Thank you for registering for {competition}. {status}

Reference: {reference}
{payment}
Follow your entry: {entryLink}

Your entry:
{entryDetails}

Next Steps:
- Our team will review your submission.
- Results will be notified to you by email.

{siteTitle}`,
};

/** Issue 20: an entry whose fee is still due is saved, not yet received for review. */
export const CONFIRMATION_STATUS = {
  received: 'We have received your submission and it is under review.',
  unpaid:
    "Your entry is saved, but it is not complete until the entry fee is paid: open your entry page with the link below and choose 'Complete payment'.",
} as const;

const unpaid = (details: ConfirmationDetails) =>
  details.entryType === 'paid' && details.paymentStatus === 'pending';

function paymentLine(details: ConfirmationDetails): string {
  if (details.entryType === 'free') return '';
  const fee = formatEntryFee(details.entryFee);
  return details.paymentStatus === 'paid'
    ? `Payment Received: ${fee}.`
    : `Payment Pending: the entry fee of ${fee} has not been received yet. You can pay it from your entry page.`;
}

export function confirmationValues(details: ConfirmationDetails): TemplateValues {
  return {
    ...artistValues(details),
    status: unpaid(details) ? CONFIRMATION_STATUS.unpaid : CONFIRMATION_STATUS.received,
    payment: paymentLine(details),
    // One line each; a value the artist typed over several lines stays on its own line.
    entryDetails: details.fields
      .map((f) => `- ${f.label}: ${f.value.replace(/\s*[\r\n]+\s*/g, ' ')}`)
      .join('\n'),
  };
}
