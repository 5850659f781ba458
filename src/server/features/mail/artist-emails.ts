import { formatEntryFee, formatRupees } from '../../../shared/domain/money.ts';
import { renderTemplate, type TemplateValues } from './template-render.ts';

/*
 * The messages the site writes to artists about their entries, each with its kind (as the outbox
 * stores it), its default wording (a template an admin may reword) and the values it is filled
 * with. Other features queue them through this module.
 */

/*
 * What every message to an artist about an entry is filled with, and how it is written: its
 * template (the art space's wording or the default) with the entry link as a link.
 */

export interface ArtistDetails {
  siteTitle: string;
  reference: string;
  fullName: string;
  competitionTitle: string;
  entryLink: string;
}

export function artistValues(details: ArtistDetails): TemplateValues {
  return {
    name: details.fullName,
    competition: details.competitionTitle,
    reference: details.reference,
    entryLink: details.entryLink,
    siteTitle: details.siteTitle,
  };
}

export function artistEmail(template: { subject: string; body: string }, values: TemplateValues) {
  return renderTemplate(template, values, {
    links: ['entryLink', 'certificateLink', 'resultsLink', 'signInLink'],
  });
}

/* The entry page's link, sent again from the "Lost your link?" form. */

export const ENTRY_LINK_KIND = 'entry-link';

const ENTRY_LINK_TEMPLATE = {
  subject: 'Your entry link: {competition} ({reference})',
  body: `Dear {name},

You asked for the link to your entry for {competition}. It shows your entry, its review and its payment, and lets you pay a fee that is still due.

If you did not ask for it, you can ignore this message.

Reference: {reference}

View your entry: {entryLink}

{siteTitle}`,
};

export const entryLinkEmail = (details: ArtistDetails) =>
  artistEmail(ENTRY_LINK_TEMPLATE, artistValues(details));

/* Sent once, when an entry becomes paid. */

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

/* Sent when a payment of the entry is refunded, from the admin area or Razorpay. */

export const PAYMENT_REFUNDED_KIND = 'payment-refunded';

/** The site's refund terms (seed §7, "Razorpay Policy"). */
export const REFUND_TIMING = 'The refund is processed within 7-10 days.';

const PAYMENT_REFUNDED_TEMPLATE = {
  subject: 'Refund: {competition} ({reference})',
  body: `Dear {name},

We have refunded your payment of {amount} for {competition} to the account you paid from.

${REFUND_TIMING}

Reference: {reference}

View your entry: {entryLink}

{siteTitle}`,
};

/** A payment taken after the competition stopped accepting it (decision 021). */
const LATE_PAYMENT_REFUNDED_TEMPLATE = {
  subject: 'Refund: {competition} ({reference})',
  body: `Dear {name},

Your payment of {amount} for {competition} reached us after entries had closed, so your entry could not be accepted. We have refunded it in full to the account you paid from.

${REFUND_TIMING}

Reference: {reference}

View your entry: {entryLink}

{siteTitle}`,
};

export function paymentRefundedEmail(
  details: ArtistDetails & { amountRupees: number },
  late = false,
) {
  return artistEmail(
    late ? LATE_PAYMENT_REFUNDED_TEMPLATE : PAYMENT_REFUNDED_TEMPLATE,
    paymentValues(details),
  );
}

/* The artist hears of the jury's decision, once per change. */

export const DECISION_KINDS = {
  approved: 'submission-approved',
  rejected: 'submission-rejected',
} as const;

export const APPROVED_TEMPLATE = {
  subject: 'Approved: {competition} ({reference})',
  body: `Dear {name},

Congratulations! Your entry for {competition} has been approved by our jury.

We will write to you with the next steps.

Reference: {reference}

View your entry: {entryLink}

{siteTitle}`,
};

export const REJECTED_TEMPLATE = {
  subject: 'Your entry: {competition} ({reference})',
  body: `Dear {name},

Thank you for taking part in {competition}. After careful review, your entry was not selected this time.

We hope to see your work again in our next competitions.

Reference: {reference}

View your entry: {entryLink}

{siteTitle}`,
};

/*
 * The confirmation an artist receives after registering, in plain text and HTML. Everything the
 * artist typed is escaped in the HTML and shown as text, in any script.
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

/** An entry whose fee is still due is saved, not yet received for review. */
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

/* The results, once per entry, when a competition's results are published. */

const RESULTS_FOOTER = `Your certificate: {certificateLink}

The results: {resultsLink}

Reference: {reference}

{siteTitle}`;

export const RESULTS_WINNER_TEMPLATE = {
  subject: 'Results: {competition}: your work won {award}',
  body: `Dear {name},

Congratulations! The jury of {competition} has given your work an award: {award}.

We will write to you about the prize. Your certificate of merit is ready to download.

${RESULTS_FOOTER}`,
};

export const RESULTS_SHORTLISTED_TEMPLATE = {
  subject: 'Results: {competition}',
  body: `Dear {name},

The results of {competition} are published. Your work was on the jury's shortlist: congratulations on reaching the final round.

Your certificate of participation is ready to download.

${RESULTS_FOOTER}`,
};

export const RESULTS_PARTICIPATED_TEMPLATE = {
  subject: 'Results: {competition}',
  body: `Dear {name},

The results of {competition} are published. Thank you for taking part: we hope to see your work again in our next competitions.

Your certificate of participation is ready to download.

${RESULTS_FOOTER}`,
};
